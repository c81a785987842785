import {
  authMessages,
  authPaths,
  googleFailureMessage,
  popupMessageType,
  type PopupOutcome,
} from '../../../contract/constants/auth';

/** The spec's popup figures (section 9). */
export const POPUP = {
  desktop: { width: 500, height: 650 },
  mobile: { width: 400, height: 600 },
  closedCheckMs: 1000,
  timeoutMs: 60_000,
};

/** Mobile: a mobile user agent, or a viewport up to 768 wide and 1024 high. */
export function isMobile(): boolean {
  return (
    /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent) ||
    (window.innerWidth <= 768 && window.innerHeight <= 1024)
  );
}

/** Origins whose messages are accepted: ours (also the auth server's) and configured CRM ones. */
export function allowedOrigins(): string[] {
  const crm = String(import.meta.env.VITE_CRM_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [window.location.origin, ...crm];
}

/**
 * Google sign-in in a popup. The popup ends on /auth-popup.html, which posts only the outcome to
 * its opener; messages are accepted only from the allowed origins and only from this popup.
 * Resolves on success; rejects with the spec's message otherwise.
 */
export function signInWithGooglePopup(): Promise<void> {
  const mobile = isMobile();
  const { width, height } = mobile ? POPUP.mobile : POPUP.desktop;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const query = new URLSearchParams({
    popup: 'true',
    mobile: String(mobile),
    origin: window.location.origin,
  });
  const popup = window.open(
    `${authPaths.google}?${query.toString()}`,
    'registry-google-sign-in',
    `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) return Promise.reject(new Error(authMessages.popupBlocked));
  const origins = allowedOrigins();
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: string) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedCheck);
      window.clearTimeout(timeout);
      if (error) reject(new Error(error));
      else resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (!origins.includes(event.origin) || event.source !== popup) return;
      const data = event.data as {
        type?: string;
        outcome?: PopupOutcome;
        reason?: string | null;
      } | null;
      if (data?.type !== popupMessageType) return;
      if (data.outcome === 'success') finish();
      else if (data.outcome === 'cancel') finish(authMessages.popupCancelled);
      else
        finish(
          googleFailureMessage(
            typeof data.reason === 'string' ? data.reason : null,
            authMessages.popupFailed,
          ),
        );
    };
    window.addEventListener('message', onMessage);
    const closedCheck = window.setInterval(() => {
      if (popup.closed) finish(authMessages.popupCancelled);
    }, POPUP.closedCheckMs);
    const timeout = window.setTimeout(() => {
      try {
        popup.close();
      } catch {
        // already gone
      }
      finish(authMessages.popupTimeout);
    }, POPUP.timeoutMs);
  });
}
