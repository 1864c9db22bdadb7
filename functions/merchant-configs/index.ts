/** The merchant-configs group's public face: what other groups may use of it. */
export { collectionKey } from './keys';
