import { teamMembers } from '../../db/schema';
import { entityRepository } from '../image-entities.repository';

/** The area's rows: the generic image-entity queries, in the admin's order. */
export const teamRepository = entityRepository(teamMembers, { ordered: true });
