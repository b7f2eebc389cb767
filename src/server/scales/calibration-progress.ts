/** Exams calibrated so far by the calibrations running in this process, by id (the progress a reader sees). */
export const running = new Map<number, number>();

export const runningProgress = (id: number) => running.get(id);
