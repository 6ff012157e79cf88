import { teamMembers } from '../../db/schema';
import { entityRepository } from '../image-entities.repository';

/** The area's rows: the generic image-entity queries. */
export const teamRepository = entityRepository(teamMembers);
