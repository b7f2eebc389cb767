import { Session } from 'node:inspector/promises';

/**
 * A V8 CPU profile of this process between a start and a stop, for the delivery benchmark's phases
 * (issue 44); only the benchmark's own mode registers its route. The profile is the inspector's
 * `Profiler.Profile` as `--cpu-prof` writes it.
 */
export function benchProfiler() {
  let session: Session | null = null;
  return {
    async start(): Promise<{ started: true }> {
      session?.disconnect(); // a profile started and never stopped is dropped
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      // Every 200 µs, as --cpu-prof-interval's default of 1 ms would miss most of a 0.3 ms save.
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
      return { started: true };
    },
    async stop(): Promise<unknown> {
      if (!session) return null;
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      session = null;
      return profile;
    },
    close() {
      session?.disconnect();
      session = null;
    },
  };
}
