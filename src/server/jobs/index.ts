/** What the rest of the code base may use from the job queue. */
export { createJobQueue, disabledJobQueue, JOBS_SCHEMA, type JobHandler, type JobQueue } from './job-queue';
