// The monitoring module's front door: what other modules may use of it (layering/imports holds them to it).

export { recordEndpointHit, type RefusalSample } from './endpoint-hits';
