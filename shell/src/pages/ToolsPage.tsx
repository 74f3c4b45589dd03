import { Link } from 'react-router-dom';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
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
import { ToolIcon } from './ToolIcon.tsx';
import { TOOLS } from './toolCatalog.ts';
import './ToolsPage.css';

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
      <PageHeading {...PAGE_HEADINGS[PATHS.tools]} />
      <ul className="tools-page__grid">
        {TOOLS.map((tool) => (
          <li key={tool.kind}>
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
          </li>
        ))}
      </ul>
      <InfoSection id="benefits" title="Why use these tools" items={BENEFITS} />
    </>
  );
}
