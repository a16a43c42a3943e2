import { LogOut, MessageSquareHeart } from 'lucide-react';
import { useNavigate } from '../../../lib/router/router.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useRuntimeConfig, useAuthClient } from '../../../lib/app-context.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { signOut } from '../../auth/api/sign-out.ts';
import { useSignedInUser } from '../../../lib/auth-context.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { YourDataSection } from '../your-data/YourDataSection.tsx';
import { ProfileForm } from './ProfileForm.tsx';

const FEEDBACK_SUBJECT = 'Energy Tracker Feedback';

export function ProfileTab() {
  const auth = useAuthClient();
  const { supportEmail } = useRuntimeConfig();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const showToast = useToast();

  async function logOut() {
    try {
      await signOut(auth);
      navigate('/login', { replace: true });
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
      <ChangePasswordForm key={`password-${user.id}`} user={user} />
      <YourDataSection user={user} />
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
      </div>
    </section>
  );
}
