import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { DeleteAccountPanel } from './DeleteAccountPanel.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { ImportPanel } from './ImportPanel.tsx';

/** Profile's 'Your data': take the entries out, bring them in, or leave with nothing left behind. */
export function YourDataSection() {
  const user = useSignedInUser();
  return (
    <section aria-labelledby="your-data-heading" className="card flex flex-col gap-4">
      <h2 id="your-data-heading" className="text-lg font-semibold">
        Your data
      </h2>
      <ExportButtons user={user} />
      <ImportPanel />
      <DeleteAccountPanel key={user.id} user={user} />
    </section>
  );
}
