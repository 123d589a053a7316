// The events module's front door: the event stream of a tab (events.routes.ts).
export { EVENTS_ROUTE, EVENTS_ROUTE_DOCS, registerEventRoutes } from './events.routes';
export type { JobEvent } from './job-events';
