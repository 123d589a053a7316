// The events module's front door: the event stream of a tab (events.routes.ts).
export { EVENTS_ROUTE, registerEventRoutes } from './events.routes';
export type { JobEvent } from './job-events';
