/**
 * What the rest of the console may use from the student area: its paths and permissions, and two
 * small pure helpers the correction screen shares (the right answer in an answer's shape, clocks).
 * The screens load lazily (Console.tsx imports StudentRoutes on first visit), so staff never download them.
 */
export * from './paths';
export { keyAnswer } from './result/keyAnswer';
export { formatClock } from './format';
