// The student-records module's public entry: what other modules may use of it.
export { toStudentRecord } from './student-records.service.js';
