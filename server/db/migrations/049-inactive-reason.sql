-- Why an administrator deactivated an account, as blocked_reason says why one was blocked: the member
-- reads it when they try to sign in, the administrator beside the account. Cleared on activation.
ALTER TABLE users ADD COLUMN inactive_reason text;
