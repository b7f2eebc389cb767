/**
 * What the rest of the console may use from the student area: its paths and permissions only.
 * The screens load lazily (Console.tsx imports StudentRoutes on first visit), so staff never download them.
 */
export * from './paths';
