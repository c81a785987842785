import type { CapturedQuery } from './sql-capture';

/** Messages between bench.ts and its two server processes (child_process IPC). */
export type ServerMessage =
  | { type: 'listening'; port: number; session?: SessionInfo }
  | { type: 'captured'; queries: CapturedQuery[] }
  | { type: 'capture-started' }
  | { type: 'failed'; error: string };

export type ParentMessage = { type: 'capture'; on: boolean } | { type: 'stop' };

/** The administrator's session on the app: request headers and the user behind them. */
export interface SessionInfo {
  headers: Record<string, string>;
  userId: string;
}

/** What the bare server needs to know that the app reads from the session. */
export interface BareContext {
  organizationId: string;
  userId: string;
  holderId: string;
}

export function send(message: ServerMessage): void {
  process.send?.(message);
}

/** Answers capture requests from the parent with the SQL recorded in between. */
export function serveCapture(
  capture: { start(): void; stop(): CapturedQuery[] },
  onStop: () => void,
) {
  process.on('message', (raw: unknown) => {
    const message = raw as ParentMessage;
    if (message.type === 'stop') {
      onStop();
    } else if (message.on) {
      capture.start();
      send({ type: 'capture-started' });
    } else {
      send({ type: 'captured', queries: capture.stop() });
    }
  });
}
