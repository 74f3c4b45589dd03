import { Link } from 'react-router-dom';
import { InfoSection, PageHeading } from 'shared-ui';
import {
  Card,
  CloudServerOutlined,
  FileZipOutlined,
  HighlightOutlined,
  Paragraph,
  Title,
  UnlockOutlined,
} from 'shared-ui/design-system';
import { Col } from 'shared-ui/design-system/col';
import { Row } from 'shared-ui/design-system/row';
import { ToolIcon } from './ToolIcon.tsx';
import { TOOLS } from './toolCatalog.ts';

const BENEFITS = [
  {
    icon: <CloudServerOutlined />,
    title: 'Powered by our extraction API',
    text: 'Web pages and websites are read by our own extraction service, which fetches only public addresses.',
  },
  {
    icon: <UnlockOutlined />,
    title: 'No registration required',
    text: 'Every tool works without an account. An optional account only remembers the images you save, on your device.',
  },
  {
    icon: <HighlightOutlined />,
    title: 'High-quality extraction',
    text: 'Images come out at their original quality, with their real dimensions, format and size.',
  },
  {
    icon: <FileZipOutlined />,
    title: 'Batch download as ZIP',
    text: 'Download every extracted image at once in a single ZIP file.',
  },
];

export default function ToolsPage() {
  return (
    <>
      <PageHeading title="Image Extraction Tools" subtitle="Six ways to get images out: pick the source you have." />
      <Row gutter={[16, 16]} role="list">
        {TOOLS.map((tool) => (
          <Col key={tool.kind} xs={24} sm={12} lg={8} role="listitem">
            <Link
              to={tool.path}
              aria-label={`${tool.title}: ${tool.description}`}
              style={{ display: 'block', height: '100%' }}
            >
              <Card hoverable style={{ height: '100%' }}>
                <div style={{ color: 'var(--brand)' }}>
                  <ToolIcon kind={tool.kind} size={32} />
                </div>
                <Title level={2} style={{ fontSize: 20, margin: '8px 0' }}>
                  {tool.title}
                </Title>
                <Paragraph style={{ marginBottom: 0 }}>{tool.description}</Paragraph>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <InfoSection id="benefits" title="Why use these tools" items={BENEFITS} />
    </>
  );
}
