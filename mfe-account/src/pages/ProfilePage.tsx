import { accountStore, readSession } from 'browser-services';
import { Suspense, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { PATHS } from 'shared-contracts/routes';
import { themedLazy, useAccount } from 'shared-ui';
import { useAccountReady } from '../account/useAccountReady.ts';
import { Loading } from '../profile/Loading.tsx';

// The signed-in page (side card, saved images, their antd components) loads only for a signed-in
// visitor: one who arrives signed out sees Loading, then sign in, and downloads none of it.
const loadProfileView = () => import('../profile/ProfileView.tsx');
const ProfileView = themedLazy(loadProfileView);

export default function ProfilePage() {
  const account = useAccount();
  const ready = useAccountReady();
  // The account is read after the first paint: the page shows Loading, then the profile or sign-in.
  const [signedInAtStart, setSignedInAtStart] = useState<boolean | undefined>(undefined);
  // Signed in as far as the header can tell: fetch the page while the store checks the account.
  useEffect(() => {
    if (readSession()) loadProfileView().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (ready) setSignedInAtStart((known) => known ?? Boolean(accountStore.currentAccount()));
  }, [ready]);

  if (signedInAtStart === undefined) return <Loading />;
  // A visitor who arrives signed out is asked to sign in. One who logs out here, in the header's
  // menu or in another tab goes home, as Logout does: every way out agrees on where it leads.
  if (!account) return <Navigate to={signedInAtStart ? PATHS.home : PATHS.signIn} replace />;
  return (
    <Suspense fallback={<Loading />}>
      <ProfileView account={account} />
    </Suspense>
  );
}
