/** Login failure → message key (000 §8). */
export function loginErrorKey(status: number | undefined): string {
  switch (status) {
    case 429:
      return 'com_auth_error_login_rl';
    case 403:
      return 'com_auth_error_login_ban';
    case 500:
      return 'com_auth_error_login_server';
    case 422:
      return 'com_auth_error_login_unverified';
    default:
      return 'com_auth_error_login';
  }
}
