import { useTranslation } from 'react-i18next';
import { useDownloadDunningLetter } from '@servicedesk/api/debts/currency-rates';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { saveBlob } from '../shared/files/use-file-download';
import { bakuToday } from './debts-display';

const LETTER_LANGUAGES = ['az', 'en', 'ru'] as const;

/** The dunning letter of counterparty `id` as of today (Baku) as a PDF in az, en or ru (issue #41): one button per language. */
export function DunningLetterButtons({ id }: { id: number }) {
  const { t } = useTranslation();
  const letter = useDownloadDunningLetter();
  return (
    <span role="group" aria-label={t('money.dunningLink.label')}>
      {t('money.dunningLink.label')}:{' '}
      {LETTER_LANGUAGES.map((lang) => (
        <Button
          key={lang}
          size="sm"
          variant="secondary"
          isPending={letter.isPending && letter.variables?.lang === lang}
          onPress={() =>
            letter.mutate(
              { id, asOf: bakuToday(), lang },
              {
                onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
                onError: (e) => toast.show({ title: t('money.dunningLink.failed', { message: e.message }), variant: 'error' }),
              },
            )
          }
        >
          {t(`money.dunningLink.${lang}`)}
        </Button>
      ))}
    </span>
  );
}
