// The student-session module's public entry: what other modules may use of it.
export {
  checkStudentSession,
  decodeStudentSession,
  encodeStudentSession,
  readStudentSession,
  requireStepUp,
  requireStudent,
  requireStudentSession,
  STUDENT_SESSION_COOKIE,
  setStudentSession,
  studentSessionFirst,
} from './student-session.js';
