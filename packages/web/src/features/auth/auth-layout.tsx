import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageFallback } from '../../components/ui/page-fallback';
import { useAuth } from '../../store/auth-store';
import { AuthFrame } from './auth-frame';
import { LegalLinks } from './legal-links';
import { SocialLogins } from './social-logins';

/** Header title per route. */
function titleKey(pathname: string): string {
  if (pathname.startsWith('/login/2fa')) return 'com_auth_verify_your_identity';
  if (pathname.startsWith('/register')) return 'com_auth_create_account';
  if (pathname.startsWith('/forgot-password') || pathname.startsWith('/reset-password')) {
    return 'com_auth_reset_password';
  }
  return 'com_auth_welcome_back';
}

/** Layout of login, register, forgot/reset password and 2fa; signed-in users go to /c/new. */
export default function AuthLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const status = useAuth((s) => s.status);
  if (status === 'authenticated') return <Navigate to="/c/new" replace />;

  const social = pathname === '/login' || pathname === '/register';
  return (
    <AuthFrame title={t(titleKey(pathname))} footer={<LegalLinks />}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      {social && <SocialLogins />}
    </AuthFrame>
  );
}
