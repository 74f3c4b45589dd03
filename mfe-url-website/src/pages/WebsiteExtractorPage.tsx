import { InfoSection, PageHeading } from 'shared-ui';

export default function WebsiteExtractorPage() {
  return (
    <>
      <PageHeading
        title="Extract Images from Website"
        subtitle="Scan a whole website, page after page, and collect every image it uses."
      />
      <InfoSection
        id="features"
        title="What a website scan does"
        items={[
          {
            title: 'Follows links',
            text: 'Starts at the address you give and follows links within the same site, level by level.',
          },
          { title: 'Polite', text: 'Honours robots.txt and limits how many pages it visits at once.' },
          { title: 'Where it was found', text: 'Each image is listed once, with the page it was first found on.' },
        ]}
      />
    </>
  );
}
