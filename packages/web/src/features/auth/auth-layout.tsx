import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../components/ui/page-fallback';
import { useAuth } from '../../store/auth-store';
import { AuthFrame } from './auth-frame';
import { useAuthLocation, useAuthNavigate } from './auth-location';
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
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useAuthLocation();
  const navigate = useAuthNavigate();
  const status = useAuth((s) => s.status);
  useEffect(() => {
    if (status === 'authenticated') navigate('/c/new', { replace: true });
  }, [status, navigate]);
  if (status === 'authenticated') return null;

  const social = pathname === '/login' || pathname === '/register';
  return (
    <AuthFrame title={t(titleKey(pathname))} footer={<LegalLinks />}>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
      {social && <SocialLogins />}
    </AuthFrame>
  );
}
