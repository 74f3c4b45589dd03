import { Steps, Typography } from 'antd';

export type Step = { title: string; text: string };

/** A numbered how-it-works section. */
export function StepsSection({ id, title, steps }: { id?: string; title: string; steps: readonly Step[] }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} style={{ margin: '40px 0' }}>
      <Typography.Title level={2} id={id ? `${id}-title` : undefined} style={{ textAlign: 'center' }}>
        {title}
      </Typography.Title>
      <Steps
        current={-1}
        items={steps.map((step) => ({ title: step.title, content: step.text, status: 'process' as const }))}
      />
    </section>
  );
}
