import { CONSUMER_BRAND } from '@shared/domain/brand';

/** Every article's author line reads as the team (company spec §2). */
export const BLOG_AUTHOR = `${CONSUMER_BRAND} Team`;
