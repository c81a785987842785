-- When an administrator last invited a holder to the portal (issue 25).
ALTER TABLE "shareholder" ADD COLUMN "invited_at" timestamp with time zone;