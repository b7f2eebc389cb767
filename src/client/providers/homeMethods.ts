import type { MarkingWaiting, SchoolHome } from '../../common/contracts/index';
import { dataOf, http } from './http';

/** The homes that fit the role (issue 26): what waits for a marker, and school staff's schools. */
export interface HomeMethods {
  markingWaiting(signal?: AbortSignal): Promise<{ data: MarkingWaiting }>;
  schoolHomes(signal?: AbortSignal): Promise<{ data: SchoolHome[] }>;
}

export const homeMethods: HomeMethods = {
  markingWaiting: (signal) => dataOf(http<{ data: MarkingWaiting }>('/corrections/waiting', { signal })),
  schoolHomes: (signal) => dataOf(http<{ data: SchoolHome[] }>('/schools/home', { signal })),
};
