import { confirmDialog } from 'primereact/confirmdialog';
import { i18n } from '../i18n';

/** A confirmation (delete, restore, deactivate) rendered by the root <ConfirmDialog />. */
export function confirmAction(opts: { message: string; header?: string; danger?: boolean; accept: () => void | Promise<void> }): void {
  confirmDialog({
    message: opts.message,
    header: opts.header ?? i18n.t('confirm.title', { ns: 'common' }),
    icon: opts.danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle',
    acceptLabel: i18n.t('confirm.yes', { ns: 'common' }),
    rejectLabel: i18n.t('confirm.no', { ns: 'common' }),
    acceptClassName: opts.danger ? 'p-button-danger' : undefined,
    style: { width: 400 },
    accept: () => void opts.accept(),
  });
}
