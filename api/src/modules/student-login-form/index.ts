// The student-login-form module's public entry: what other modules may use of it.
export { registerStudentLoginForm } from './student-login-form.routes.js';
