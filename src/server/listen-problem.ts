import { createServer } from 'node:net';

/**
 * Why the server cannot listen at HOST:PORT, as one line naming the setting (like a bad value in
 * config.ts), or undefined for an error that is not about the address. `portVariable`: the
 * setting's name where it is not PORT (npm run dev's API_PORT).
 */
export function listenProblem(
  err: unknown,
  port: number,
  host: string,
  portVariable = 'PORT',
): string | undefined {
  const name = portVariable;
  switch ((err as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return `${name} ${port} is already in use on ${host}: stop the program listening there or set ${name} to a free port`;
    case 'EACCES':
      return `${name} ${port} on ${host} needs privileges this process does not have: set ${name} to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses (127.0.0.1, or 0.0.0.0 for all)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} does not resolve to an address: set HOST to an IP address or a known host name`;
    default:
      return undefined;
  }
}

/**
 * Binds HOST:PORT and lets go at once, so that a port in use stops start-up in a moment rather
 * than after the database is migrated and seeded. Rejects with the bind error.
 */
export function probeListen(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
