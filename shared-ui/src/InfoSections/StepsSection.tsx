import { StepList, Title } from '../design-system/index.ts';

export type Step = { title: string; text: string };

/** A numbered how-it-works section. */
export function StepsSection({ id, title, steps }: { id?: string; title: string; steps: readonly Step[] }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} style={{ margin: '40px 0' }}>
      <Title level={2} id={id ? `${id}-title` : undefined} style={{ textAlign: 'center' }}>
        {title}
      </Title>
      <StepList steps={steps} />
    </section>
  );
}
