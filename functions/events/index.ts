/** The events group's public face: nothing of it is used by other groups yet. */
export type { Event } from './entities';
