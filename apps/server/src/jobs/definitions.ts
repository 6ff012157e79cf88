import { defineUpkeepJobs } from '../maintenance';
import type { JobQueue } from './queue';

/** Every kind of job a process works: one list, so each process defines the same queues. */
export function defineJobs(jobs: JobQueue): JobQueue {
  defineUpkeepJobs(jobs);
  return jobs;
}
