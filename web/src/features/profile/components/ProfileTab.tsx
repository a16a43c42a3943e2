import { LogOut, MessageSquareHeart } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '../../../lib/router/router.tsx';
import { useToast } from '../../../components/toast.tsx';
import {
  useAuthClient,
  useDataClient,
  useRuntimeConfig,
} from '../../../session/clients-context.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { loggedOutNotice, logOut as logOutHere } from '../../../journal/log-out.ts';
import { useSignedInSession, useSignedInUser } from '../../../session/signed-in-session.tsx';
import { useOutbox } from '../../../journal/outbox/outbox-context.tsx';
import { LogOutConfirm } from './LogOutConfirm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';
import { OwnQuestionsSection } from './OwnQuestionsSection.tsx';

const FEEDBACK_SUBJECT = 'Energy Tracker Feedback';

interface Props {
  /**
   * The 'Your data' card, shown after the password and two-step cards. It is
   * a feature of its own; the app hands it in, so that neither feature
   * imports the other.
   */
  yourData: ReactNode;
  /** The 'Reminders' card (features/reminders), handed in the same way, before 'Your data'. */
  reminders?: ReactNode;
}

export function ProfileTab({ yourData, reminders }: Props) {
  const auth = useAuthClient();
  const dataClient = useDataClient();
  const { supportEmail, supabaseUrl } = useRuntimeConfig();
  const user = useSignedInUser();
  const session = useSignedInSession();
  const navigate = useNavigate();
  const showToast = useToast();
  const waiting = useOutbox().records.length;
  const [confirming, setConfirming] = useState(false);

  async function logOut(confirmed = false) {
    // Entries not yet sent leave the device with the journal: ask first.
    if (waiting > 0 && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    try {
      // Offline too: the device forgets the session and the journal at once.
      const server = await logOutHere({ auth, supabaseUrl, session, dataClient });
      navigate('/login', { replace: true, state: { notice: loggedOutNotice(server) } });
    } catch (error) {
      showToast('error', errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="profile-heading" className="flex flex-col gap-4">
      <h1 id="profile-heading" className="text-2xl font-semibold tracking-tight">
        Profile
      </h1>
      <ProfileForm key={user.id} user={user} />
      <OwnQuestionsSection key={`own-questions-${user.id}`} />
      <ChangePasswordForm key={`password-${user.id}`} user={user} />
      <TwoStepSection key={`two-step-${user.id}`} session={session} />
      {reminders}
      {yourData}
      <div className="card flex flex-col gap-3">
        <a
          className="btn-secondary w-full"
          href={`mailto:${supportEmail}?subject=${encodeURIComponent(FEEDBACK_SUBJECT)}`}
        >
          <MessageSquareHeart aria-hidden="true" className="size-5" />
          Send Feedback
        </a>
        <button type="button" className="btn-danger w-full" onClick={() => void logOut()}>
          <LogOut aria-hidden="true" className="size-5" />
          Log Out
        </button>
        {confirming && waiting > 0 && (
          <LogOutConfirm
            waiting={waiting}
            onConfirm={() => void logOut(true)}
            onCancel={() => setConfirming(false)}
          />
        )}
      </div>
    </section>
  );
}
