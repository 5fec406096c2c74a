/**
 * The account texts: the specification's words (member document §5), verbatim. Kept apart from the
 * schemas in accounts.ts, which re-exports them, so that the web's first load can translate them
 * without the schema library.
 */

export const accountMessages = {
  nameRequired: 'Please enter your full name.',
  nameTooLong: 'Name must be at most 100 characters long.',
  nameInvalid: 'Name can only contain letters, spaces and simple punctuation.',
  passwordRequired: 'Please enter your password.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooLong: 'Password must be at most 1024 characters long.',
  passwordTooCommon: 'This password is too common. Please choose a less common one.',
  passwordsDoNotMatch: 'Passwords do not match. Please try again.',
  cnicInvalid: 'Please enter a valid 13-digit CNIC.',
  phoneInvalid: 'Please enter a valid phone number.',
  referralCodeInvalid: 'Invalid referral code.',
  resetTokenMissing: 'Invalid reset token.',
  verificationTokenMissing: 'Invalid verification link.',
} as const;

/** Texts of the administrators' opt-in two-factor sign-in (authenticator app codes). */
export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'The code is not valid. Please try again.',
  passwordWrong: 'Your password is not correct.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  noPendingSetup: 'Start the set-up first.',
  notEnabled: 'Two-factor sign-in is not on.',
  setupStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  enabled: 'Two-factor sign-in is on. Other devices have been signed out.',
  disabled: 'Two-factor sign-in is off. Other devices have been signed out.',
  recoveryCodesNeedTwoFactor: 'Recovery codes are for two-factor sign-in. Turn it on first.',
  recoveryCodesCreated: 'New recovery codes are ready. Codes made before no longer work.',
  /** After five wrong codes in a row: 429, with retryAt (and Retry-After) saying when to try again. */
  locked: 'Too many wrong codes in a row. Codes are refused for 15 minutes; please try again later.',
} as const;

/**
 * Step-up (decision 047): a change that could take the account over asks for the current password,
 * and the current two-factor code when two-factor sign-in is on (twoFactorMessages' texts for the code).
 */
export const stepUpMessages = {
  passwordRequired: 'Enter your current password to confirm this change.',
} as const;

/** Texts of the signed-in person's own sessions (devices where they are signed in). */
export const sessionMessages = {
  othersSignedOut: 'Your other sessions have been signed out.',
} as const;

/** Server answers of the account routes (RULES §3), shared so the web can match on them. */
export const authMessages = {
  registered:
    'Registration successful! Verification link has been sent to your email. Please check your inbox and click the link to activate your account.',
  emailTaken: 'An account with this email already exists.',
  cnicTaken: 'An account with this CNIC already exists.',
  invalidCredentials: 'Invalid email or password.',
  needsVerification: 'Please verify your email address before logging in.',
  blocked: 'Your account has been blocked. Please contact support.',
  inactive: 'Your account is inactive. Please contact support.',
  loggedIn: 'Login successful',
  loggedOut: 'Logout successful',
  verified: 'Your email has been verified. You can now log in.',
  alreadyVerified: 'Your email is already verified. You can log in.',
  verificationInvalid: 'This verification link is invalid or has expired.',
  verificationSent: 'If an unverified account exists for this email, a new verification link has been sent.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  resetDone: 'Password has been reset successfully!',
  resetInvalid: 'Invalid or missing reset token. Please request a new password reset.',
  sessionRequired: 'Please log in to continue.',
  adminRequired: 'Access denied.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
} as const;
