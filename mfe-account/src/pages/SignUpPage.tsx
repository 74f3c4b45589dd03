import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { PATHS } from 'shared-contracts';
import { PageHeading } from 'shared-ui';

// Heading and the spec's device-storage sentence only; the Email and Phone forms come with the accounts issue.
export default function SignUpPage() {
  return (
    <>
      <PageHeading title="Sign Up" subtitle="Your data is stored only on your device." />
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        Already have an account? <Link to={PATHS.signIn}>Sign In</Link>
      </Typography.Paragraph>
    </>
  );
}
