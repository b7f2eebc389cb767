import { Piscina } from 'piscina';
import type { SimulationReport } from '../../common/statistics/index';
import { AppError } from '../http/app-error';
import { turnstile } from '../http/turnstile';
import type { RatesTask, SimulationTask } from './simulation-thread';

/** Seconds one simulation may take once its thread has it; past them it stops and is answered 422. */
export const SIMULATION_SECONDS = 120;
/** Simulations waiting for the thread; past them a request is answered 503 (try again shortly). */
const MAX_WAITING = 4;

type Task = SimulationTask | RatesTask;
type Answer = SimulationReport | [number, number][];
let pool: Piscina<Task, Answer> | undefined;

/** One thread for the process's simulations, made on first use, stopped when idle. */
function simulationPool() {
  pool ??= new Piscina<Task, Answer>({
    filename: new URL('./simulation-thread.ts', import.meta.url).href,
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  return pool;
}

/**
 * Waits for the thread (in arrival order, at most MAX_WAITING waiting: 503 past them) and answers
 * the function that frees it. Callers take their turn before any work of theirs, on the event loop too.
 */
export const simulationTurn = turnstile(() => 1, MAX_WAITING, 10);

const tooLong = () =>
  new AppError(422, 'calibrations.simulation.too_long', undefined, { students: ['calibrations.simulation.too_long'] });

/** Runs a simulation on the simulator's thread (never on the event loop); the caller holds its turn. */
export const simulateApart = (task: SimulationTask) => runApart(task) as Promise<SimulationReport>;

/** Sympson–Hetter's probabilities for publishing an exam, on the same thread; the caller holds its turn. */
export const exposureRatesApart = async (task: RatesTask) => new Map((await runApart(task)) as [number, number][]);

async function runApart(task: Task): Promise<Answer> {
  try {
    // The time starts now that the thread is the caller's, not while it waited.
    return await simulationPool().run(task, { signal: AbortSignal.timeout(SIMULATION_SECONDS * 1000) });
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    if (name === 'AbortError' || code === 'ABORT_ERR' || code === 'ERR_WORKER_OUT_OF_MEMORY') throw tooLong();
    throw error;
  }
}

/** Stops the thread (the app's close), without waiting for a simulation under way. */
export async function closeSimulations(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close({ force: true });
}
