import { PageHeading } from 'shared-ui';

// Heading only; the sign-in guard, the side card and the saved-images grid come with the accounts issue.
export default function ProfilePage() {
  return (
    <PageHeading
      title="My Downloads"
      subtitle="The images you save are kept only in this browser, on this device; they are not uploaded anywhere."
    />
  );
}
