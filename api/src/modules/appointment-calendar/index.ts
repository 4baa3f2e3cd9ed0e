// The appointment-calendar module's public entry: what other modules may use of it.
export { appointmentCalendarRoutes } from './appointment-calendar.routes.js';
export { appointmentOf } from './appointment-calendar.service.js';
export { appointmentIcs, periodLabel } from './appointment-ics.js';
