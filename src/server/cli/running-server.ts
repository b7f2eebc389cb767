/**
 * Whether a server answers on this machine's `port` with the embedded database: PGlite is one
 * process's, so a command that opens the data folder must not run beside it.
 */
export async function embeddedServerRunning(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json()) as { database?: string };
    return body.database === 'pglite';
  } catch {
    return false;
  }
}
