import { Piscina } from 'piscina';
import type { SimulationReport } from '../../common/statistics/index';
import { AppError } from '../http/app-error';
import type { SimulationTask } from './simulation-thread';

/** Seconds one simulation may take; past them it stops and the request is answered 422. */
export const SIMULATION_SECONDS = 120;
/** Simulations waiting for the thread; past them a request is answered 503 (try again shortly). */
const MAX_WAITING = 4;

let pool: Piscina<SimulationTask, SimulationReport> | undefined;

/** One thread for the process's simulations, made on first use, stopped when idle. */
function simulationPool() {
  pool ??= new Piscina<SimulationTask, SimulationReport>({
    filename: new URL('./simulation-thread.ts', import.meta.url).href,
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: 1,
    maxQueue: MAX_WAITING,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  return pool;
}

/** Runs a simulation on the simulator's thread (never on the event loop). */
export async function simulateApart(task: SimulationTask): Promise<SimulationReport> {
  try {
    return await simulationPool().run(task, { signal: AbortSignal.timeout(SIMULATION_SECONDS * 1000) });
  } catch (error) {
    const { name, code, message } = error as { name?: string; code?: string; message?: string };
    if (name === 'AbortError' || code === 'ABORT_ERR')
      throw new AppError(422, 'calibrations.simulation.too_long', undefined, {
        students: ['calibrations.simulation.too_long'],
      });
    if (/queue is at limit/i.test(message ?? ''))
      throw new AppError(503, 'errors.service_unavailable', undefined, undefined, { 'retry-after': '10' });
    throw error;
  }
}

/** Stops the thread (the app's close). */
export async function closeSimulations(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}
