import { accountStore, initialOf } from 'browser-services';
import { toasts } from 'browser-services/toast';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Account, DownloadItem } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { PageHeading, ResultsGrid } from 'shared-ui';
import { AppstoreOutlined, Card, DeleteOutlined, LogoutOutlined, Text, Title } from 'shared-ui/design-system';
import { Avatar } from 'shared-ui/design-system/avatar';
import { Button } from 'shared-ui/design-system/button';
import { Col } from 'shared-ui/design-system/col';
import { Empty } from 'shared-ui/design-system/empty';
import { Popconfirm } from 'shared-ui/design-system/popconfirm';
import { Row } from 'shared-ui/design-system/row';
import { Space } from 'shared-ui/design-system/space';
import { Tooltip } from 'shared-ui/design-system/tooltip';
import { StorageIssueAlert } from '../StorageIssueAlert.tsx';
import { Loading } from './Loading.tsx';
import { sourceLabel } from './sourceLabel.ts';
import { type SavedImage, useSavedImages } from './useSavedImages.ts';

const m = MESSAGES.account;

const savedDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
};

function DeleteButton({ item }: { item: DownloadItem }) {
  const remove = async () => {
    const result = await accountStore.deleteDownload(item.id);
    if (result.ok) toasts.success(m.imageDeleted.title, m.imageDeleted.description);
  };
  return (
    <Popconfirm
      title="Delete this image?"
      description="It will be removed from your profile."
      okText="Delete"
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      onConfirm={remove}
    >
      <Tooltip title="Delete">
        <Button shape="circle" danger icon={<DeleteOutlined />} aria-label={`Delete ${item.name}`} />
      </Tooltip>
    </Popconfirm>
  );
}

function SavedImages({ saved }: { saved: readonly SavedImage[] }) {
  const byId = new Map(saved.map((entry) => [entry.image.id, entry]));
  if (saved.length === 0) {
    return (
      <Empty
        style={{ padding: '48px 0' }}
        description={
          <>
            <Title level={2} style={{ fontSize: 20, marginBottom: 4 }}>
              No images yet
            </Title>
            <Text type="secondary">Extract images from any source and save them to your profile</Text>
          </>
        }
      >
        <Link to={PATHS.home}>
          <Button type="primary">Start Extracting</Button>
        </Link>
      </Empty>
    );
  }
  return (
    <ResultsGrid
      title="Saved Images"
      images={saved.map((entry) => entry.image)}
      linksFor={(image) => byId.get(image.id)?.links ?? { open: image.url, download: image.url }}
      filters={false}
      saveable={false}
      showMeta={false}
      detailsFor={(image) => {
        const entry = byId.get(image.id);
        if (!entry) return null;
        return (
          <>
            <div>From: {sourceLabel(entry.item.source)}</div>
            <div>{savedDate(entry.item.date)}</div>
            {entry.missing ? (
              <Text type="warning">
                Its picture is no longer in this browser's storage; delete it and save it again.
              </Text>
            ) : null}
          </>
        );
      }}
      hoverActionsFor={(image) => {
        const entry = byId.get(image.id);
        return entry ? <DeleteButton item={entry.item} /> : null;
      }}
    />
  );
}

/** The profile of a signed-in visitor (`pages/ProfilePage.tsx` decides who sees it). */
export default function ProfileView({ account }: { account: Account }) {
  const navigate = useNavigate();
  const saved = useSavedImages(account.downloads);
  const gridRef = useRef<HTMLDivElement>(null);

  const logOut = () => {
    navigate(PATHS.home);
    accountStore.logOut();
    toasts.success(m.loggedOut.title, m.loggedOut.description);
  };

  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.profile]} />
      <StorageIssueAlert />
      <Row gutter={[24, 24]} style={{ marginBottom: 48 }}>
        <Col xs={24} md={8} lg={6}>
          <Card>
            <Space orientation="vertical" align="center" style={{ width: '100%', textAlign: 'center' }}>
              <Avatar
                size={88}
                src={account.profilePic}
                alt={account.profilePic ? `${account.name}'s photo` : undefined}
              >
                {initialOf(account.name)}
              </Avatar>
              <Title level={2} style={{ fontSize: 20, margin: 0 }}>
                {account.name}
              </Title>
              <Text type="secondary">{account.email ?? account.phone}</Text>
            </Space>
            <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Button
                type="primary"
                block
                icon={<AppstoreOutlined />}
                onClick={() => gridRef.current?.scrollIntoView({ behavior: 'smooth' })}
              >
                My Downloads
              </Button>
              <Button block icon={<LogoutOutlined />} onClick={logOut}>
                Logout
              </Button>
            </Space>
          </Card>
        </Col>
        <Col xs={24} md={16} lg={18}>
          <div ref={gridRef} style={{ scrollMarginTop: 80 }}>
            {saved ? <SavedImages saved={saved} /> : <Loading />}
          </div>
        </Col>
      </Row>
    </>
  );
}
