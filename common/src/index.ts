export * from './branding.js';
export * from './colleges.js';
export * from './digits.js';
export * from './envelope.js';
export * from './limits.js';
export * from './messages.js';
export * from './roles.js';
export * from './student-routing.js';
