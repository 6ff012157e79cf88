import { defineBackupJob } from '../backup/backup.service';
import type { Config } from '../config';
import { definePublishJob } from '../features/blog-posts/blog-posts.service';
import { defineGalleryLinksJob } from '../features/delivery/delivery.service';
import { defineExpiryRemindersJob } from '../features/delivery/expiry-reminders';
import { defineMailJob } from '../features/emails/outgoing.service';
import { defineDerivationJob } from '../features/galleries/galleries.service';
import { defineUpkeepJobs } from '../maintenance';
import { defineWatermarkJob } from '../features/watermark/watermark.service';
import type { JobQueue } from './queue';

/** Every kind of job a process works: one list, so each process defines the same queues. */
export function defineJobs(jobs: JobQueue, config: Config): JobQueue {
  defineUpkeepJobs(jobs);
  defineDerivationJob(jobs, config);
  defineWatermarkJob(jobs, config);
  defineMailJob(jobs, config);
  defineGalleryLinksJob(jobs);
  defineExpiryRemindersJob(jobs);
  defineBackupJob(jobs, config);
  definePublishJob(jobs);
  return jobs;
}
