import { clsx } from 'clsx';
import { ArrowLeft, FolderOpen, LayoutList, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatch } from 'react-router';
import { buttonClasses, Button } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo';
import { useAuth } from '../../store/auth-store';
import { RolePermissionsDialog } from '../admin';
import { usePromptsUi, type EditorMode } from './prompts-store';

/**
 * The prompts area header: back to chat, the prompts link, the simple/advanced toggle on
 * a prompt's page (not on /new), the admin settings button for admins and the manage button.
 */
export function PromptsHeader() {
  const { t } = useTranslation();
  const detail = useMatch('/d/prompts/:groupId');
  const onPrompt = Boolean(detail && detail.params.groupId !== 'new');
  const onFiles = Boolean(useMatch('/d/files'));
  const isAdmin = useAuth((s) => s.user?.role === 'ADMIN');
  const [adminOpen, setAdminOpen] = useState(false);

  return (
    <header
      className="flex h-14 shrink-0 items-center gap-2 border-b border-border px-2 sm:px-4"
      data-testid="prompts-header"
    >
      <Link to="/" className={buttonClasses('ghost', 'sm', 'px-2')} data-testid="back-to-chat">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        <span className="hidden sm:inline">{t('prompts.back_to_chat')}</span>
      </Link>
      <span className="h-5 w-px bg-border" aria-hidden />
      <NavLink
        to="/d/prompts"
        end
        className="flex min-w-0 items-center gap-2 rounded-lg px-2 py-1 text-[15px] font-semibold tracking-tight hover:bg-surface-muted"
      >
        <LogoMark className="size-6" />
        <span className={clsx('truncate', onPrompt && 'hidden sm:inline')}>
          {onFiles ? t('com_ui_my_files') : t('prompts.title')}
        </span>
      </NavLink>
      <div className="flex-1" />
      {onPrompt && <ModeToggle />}
      {isAdmin && (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setAdminOpen(true)}
          aria-label={t('prompts.admin_settings')}
          data-testid="prompts-admin-settings"
        >
          <ShieldCheck className="size-5" aria-hidden />
        </Button>
      )}
      {!onFiles && (
        <Link to="/d/files" className={buttonClasses('ghost', 'sm')} data-testid="dashboard-files">
          <FolderOpen className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t('com_ui_my_files')}</span>
        </Link>
      )}
      <Link to="/d/prompts" className={buttonClasses('outline', 'sm')} data-testid="manage-prompts">
        <LayoutList className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t('prompts.manage')}</span>
      </Link>
      {isAdmin && (
        <RolePermissionsDialog open={adminOpen} onOpenChange={setAdminOpen} initialSegment="prompts" />
      )}
    </header>
  );
}

function ModeToggle() {
  const { t } = useTranslation();
  const mode = usePromptsUi((s) => s.editorMode);
  const setMode = usePromptsUi((s) => s.setEditorMode);
  const modes: EditorMode[] = ['simple', 'advanced'];
  return (
    <div
      role="radiogroup"
      aria-label={t('prompts.editor_mode')}
      className="flex rounded-lg bg-surface-muted p-0.5"
      data-testid="mode-toggle"
    >
      {modes.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          onClick={() => setMode(m)}
          className={clsx(
            'h-7 rounded-md px-2.5 text-[13px] font-medium transition-colors',
            mode === m ? 'bg-surface-raised text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
          )}
        >
          {t(`prompts.mode_${m}`)}
        </button>
      ))}
    </div>
  );
}
