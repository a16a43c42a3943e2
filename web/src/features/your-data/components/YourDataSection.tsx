import { CardSection } from '../../../components/CardSection.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { DeleteAccountPanel } from './DeleteAccountPanel.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { ImportPanel } from './ImportPanel.tsx';

/** Profile's 'Your data': take the entries out, bring them in, or leave with nothing left behind. */
export function YourDataSection() {
  const user = useSignedInUser();
  return (
    <CardSection headingId="your-data-heading" title="Your data" className="flex flex-col gap-4">
      <ExportButtons user={user} />
      <ImportPanel />
      <DeleteAccountPanel key={user.id} user={user} />
    </CardSection>
  );
}
