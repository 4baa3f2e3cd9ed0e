import { normalizeDigits } from './digits.js';
import { successEnvelope } from './envelope.js';
import { MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { STAFF_ROLES } from './roles.js';
import { z } from './zod.js';

/**
 * Requests and answers of the staff calls (`/users/*`, spec section 7), shared by the server (validation and
 * the OpenAPI document) and the web client (forms), so both apply the same rules with the same Arabic words.
 */

export const MAX_USERNAME_LENGTH = 50;
export const MAX_STAFF_NAME_LENGTH = 100;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_FACULTY_NAME_LENGTH = 200;
export const MIN_PHONE_DIGITS = 8;
export const MAX_PHONE_DIGITS = 15;
/** Longer raw input is refused before it is trimmed or normalised (a 10 KB string is never processed). */
const RAW_INPUT_MAX = 256;

/** Roles a super admin may give when adding an account (spec section 6): never a second SUPERADMIN. */
export const ASSIGNABLE_STAFF_ROLES = ['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'] as const;
export type AssignableStaffRole = (typeof ASSIGNABLE_STAFF_ROLES)[number];

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const PHONE_PATTERN = new RegExp(`^\\+?\\d{${MIN_PHONE_DIGITS},${MAX_PHONE_DIGITS}}$`);

/** The password rule: at least 8 characters with at least one letter and one digit. */
export function passwordProblem(password: string): string | undefined {
  if (password.length === 0) return MESSAGES.passwordRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return MESSAGES.passwordTooLong;
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return MESSAGES.passwordLettersAndDigits;
  return undefined;
}

export function staffNameField(emptyMessage: string = MESSAGES.staffNameRequired) {
  return z
    .string({ error: emptyMessage })
    .max(RAW_INPUT_MAX, { error: MESSAGES.staffNameTooLong, abort: true })
    .trim()
    .min(1, { error: emptyMessage, abort: true })
    .max(MAX_STAFF_NAME_LENGTH, MESSAGES.staffNameTooLong);
}

export function userNameField(emptyMessage: string = MESSAGES.userNameRequired) {
  return z
    .string({ error: emptyMessage })
    .max(RAW_INPUT_MAX, { error: MESSAGES.userNameTooLong, abort: true })
    .trim()
    .min(1, { error: emptyMessage, abort: true })
    .min(MIN_USERNAME_LENGTH, MESSAGES.userNameTooShort)
    .max(MAX_USERNAME_LENGTH, MESSAGES.userNameTooLong)
    .regex(USERNAME_PATTERN, MESSAGES.userNameInvalidChars);
}

/** A mobile number: spaces removed and Arabic-Indic digits made ASCII, then 8 to 15 digits (optional +). */
export function phoneField(emptyMessage: string = MESSAGES.phoneRequired) {
  return z
    .string({ error: emptyMessage })
    .max(RAW_INPUT_MAX, MESSAGES.phoneInvalid)
    .transform(normalizeDigits)
    .pipe(
      z.string().min(1, { error: emptyMessage, abort: true }).regex(PHONE_PATTERN, MESSAGES.phoneInvalid),
    );
}

/** A faculty (college) name as the client shows it; blank means none. */
export const facultyField = z
  .string()
  .max(MAX_FACULTY_NAME_LENGTH, MESSAGES.facultyTooLong)
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));

/** A password that is only compared with the stored one (current password, login, confirmation). */
function enteredPassword(emptyMessage: string) {
  return z
    .string({ error: emptyMessage })
    .min(1, { error: emptyMessage, abort: true })
    .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong);
}

export const staffIdField = z.uuid({ error: MESSAGES.staffIdInvalid });

// ---------------------------------------------------------------------------------------------- answers

/** An account as every staff call shows it; never the password or its hash. */
export const staffUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  userName: z.string(),
  phoneNumber: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The college name; only an ADMIN (faculty administrator) has one. */
  faculty: z.string().nullable(),
  passwordChanged: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffCredentialsSchema = z.object({ userName: z.string(), password: z.string() });
export type StaffCredentials = z.infer<typeof staffCredentialsSchema>;

export const staffMessageResponseSchema = successEnvelope({ message: z.string() });

// ---------------------------------------------------------------------------------------------- calls

/** `POST /users/login` */
export const loginRequestSchema = z.object({
  userName: z
    .string({ error: MESSAGES.userNameRequired })
    .max(RAW_INPUT_MAX, MESSAGES.userNameTooLong)
    .trim()
    .min(1, MESSAGES.userNameRequired),
  password: enteredPassword(MESSAGES.passwordRequired),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export const loginResponseSchema = successEnvelope({
  message: z.string(),
  token: z.string(),
  data: z.object({ user: staffUserSchema }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `GET /users/getRole` */
export const getRoleResponseSchema = successEnvelope({
  data: z.object({ role: z.enum(STAFF_ROLES), passwordChanged: z.boolean() }),
});
export type GetRoleResponse = z.infer<typeof getRoleResponseSchema>;

/** `GET /users/getMe`, `POST /users/getAdmin` */
export const staffUserResponseSchema = successEnvelope({ data: z.object({ user: staffUserSchema }) });
export type StaffUserResponse = z.infer<typeof staffUserResponseSchema>;

/** `PATCH /users/updateMyPassword`: the three fields are required, new = repeat, then the password rule. */
export const updateMyPasswordRequestSchema = z
  .object({
    passwordCurrent: enteredPassword(MESSAGES.passwordRequired),
    password: enteredPassword(MESSAGES.passwordRequired),
    passwordConfirm: enteredPassword(MESSAGES.passwordRequired),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordConfirm) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDoNotMatch, path: ['passwordConfirm'] });
      return;
    }
    const problem = passwordProblem(value.password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
export type UpdateMyPasswordRequest = z.input<typeof updateMyPasswordRequestSchema>;
export const updateMyPasswordResponseSchema = successEnvelope({
  message: z.string(),
  data: z.object({ user: staffUserSchema }),
});

/**
 * `PATCH /users/updateSuperAdmin`: the super admin's own account, or an ADMIN's own account while its password
 * is not yet changed. `password` is the current password, asked again to confirm.
 */
export const updateOwnAccountRequestSchema = z.object({
  name: staffNameField(MESSAGES.staffNameEmpty),
  userName: userNameField(MESSAGES.userNameEmpty),
  phoneNumber: phoneField(MESSAGES.phoneEmpty),
  password: enteredPassword(MESSAGES.passwordEmpty),
  /** Ignored unless it names another faculty, which an ADMIN may not move to. */
  faculty: facultyField,
});
export type UpdateOwnAccountRequest = z.input<typeof updateOwnAccountRequestSchema>;
export const staffUserWithMessageResponseSchema = successEnvelope({
  message: z.string(),
  user: staffUserSchema,
});

/** `POST /users/addAdmin`: faculty is required when the role is ADMIN and ignored otherwise. */
export const addAdminRequestSchema = z
  .object({
    name: staffNameField(),
    userName: userNameField(),
    phoneNumber: phoneField(),
    role: z.enum(ASSIGNABLE_STAFF_ROLES, { error: MESSAGES.roleInvalid }),
    faculty: facultyField,
  })
  .superRefine((value, ctx) => {
    if (value.role === 'ADMIN' && !value.faculty)
      ctx.addIssue({ code: 'custom', message: MESSAGES.facultyRequired, path: ['faculty'] });
  });
export type AddAdminRequest = z.input<typeof addAdminRequestSchema>;
export const addAdminResponseSchema = successEnvelope({
  message: z.string(),
  user: staffUserSchema,
  data: staffCredentialsSchema,
});

/** `PATCH /users/updateAdmin`: the role is not changed here; faculty is required when the account is an ADMIN. */
export const updateAdminRequestSchema = z.object({
  id: staffIdField,
  adminInfo: z.object(
    {
      name: staffNameField(),
      userName: userNameField(),
      phoneNumber: phoneField(),
      faculty: facultyField,
    },
    { error: MESSAGES.invalidInput },
  ),
});
export type UpdateAdminRequest = z.input<typeof updateAdminRequestSchema>;

/** `PATCH /users/resetAdminPassword` */
export const resetAdminPasswordRequestSchema = z.object({ id: staffIdField });
export const credentialsResponseSchema = successEnvelope({
  message: z.string(),
  data: staffCredentialsSchema,
});

/** `DELETE /users/deleteAdmin/{id}` */
export const staffIdParamsSchema = z.object({ id: staffIdField });

/** `POST /users/getAdmin`: search by user name (type 1) or by mobile (type 2); exactly one is given. */
export const getAdminRequestSchema = z
  .object({
    userName: z.string().max(RAW_INPUT_MAX, MESSAGES.userNameTooLong).trim().nullish(),
    phoneNumber: z.string().max(RAW_INPUT_MAX, MESSAGES.phoneInvalid).transform(normalizeDigits).nullish(),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.userName) === Boolean(value.phoneNumber))
      ctx.addIssue({ code: 'custom', message: MESSAGES.adminSearchRequired, path: ['userName'] });
  });
export type GetAdminRequest = z.input<typeof getAdminRequestSchema>;

/** `GET /users/getAllAdmins` */
export const getAllAdminsResponseSchema = successEnvelope({
  results: z.number().int(),
  data: z.object({ users: z.array(staffUserSchema) }),
});
export type GetAllAdminsResponse = z.infer<typeof getAllAdminsResponseSchema>;
