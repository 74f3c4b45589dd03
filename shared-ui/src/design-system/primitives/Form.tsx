import {
  Children,
  type CSSProperties,
  cloneElement,
  createContext,
  type FormEvent,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import './designSystem.css';

/** A rule as `zodRule` makes it: resolve when the value is good, throw an Error whose message is shown when not. */
export type FormRule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** What a form offers its page (`Form.useForm()`); a form without one keeps its own. */
export type FormInstance<Values = Record<string, unknown>> = {
  /** Empties every field and forgets every message. */
  resetFields: () => void;
  /** Shows messages found elsewhere (the server's) under their fields; `value` sets the field too. */
  setFields: (fields: readonly { name: keyof Values & string; errors?: readonly string[]; value?: unknown }[]) => void;
  /** The values of the form's named fields. */
  getFieldsValue: () => Partial<Values>;
};

type FieldState = { readonly value: unknown; readonly errors: readonly string[] };
type Registered = { id: string; rules: () => readonly FormRule[] };

const EMPTY_FIELD: FieldState = { value: undefined, errors: [] };
const NO_ERRORS: readonly string[] = [];

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : typeof error === 'string' ? error : '') || 'Invalid value';

/** `event.target.value` of a change event, or the value itself (NumberInput hands out a number). */
const changedValue = (input: unknown): unknown => {
  const target = input && typeof input === 'object' && 'target' in input ? input.target : undefined;
  return target && typeof target === 'object' && 'value' in target ? target.value : input;
};

/**
 * The fields of one form: values, messages and the named items that are mounted. A field validates
 * on blur once the visitor has edited it, and on every change once it has shown a message, so the
 * message goes as soon as the value is fixed. Values outlive their items (a hidden item keeps its value).
 */
class FormStore {
  private fields = new Map<string, FieldState>();
  private items = new Map<string, Registered>();
  private edited = new Set<string>();
  private live = new Set<string>();
  private runs = new Map<string, number>();
  private pending = new Map<string, Promise<readonly string[]>>();
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  state = (name: string): FieldState => this.fields.get(name) ?? EMPTY_FIELD;

  register(name: string, item: Registered) {
    this.items.set(name, item);
    return () => {
      if (this.items.get(name) === item) this.items.delete(name);
    };
  }

  private set(name: string, next: Partial<FieldState>) {
    this.fields.set(name, { ...this.state(name), ...next });
    for (const listener of this.listeners) listener();
  }

  private setErrors(name: string, errors: readonly string[]) {
    if (errors.length > 0) this.live.add(name);
    const shown = this.state(name).errors;
    if (errors.length !== shown.length || errors.some((error, index) => error !== shown[index])) {
      this.set(name, { errors: errors.length > 0 ? errors : NO_ERRORS });
    }
  }

  /** Forgets validations under way: their answers are about values (or messages) no longer shown. */
  private cancel(name: string) {
    this.runs.set(name, (this.runs.get(name) ?? 0) + 1);
    this.pending.delete(name);
  }

  change(name: string, value: unknown) {
    this.edited.add(name);
    this.set(name, { value });
    if (this.live.has(name)) void this.validate(name);
  }

  blur(name: string) {
    if (this.edited.has(name) || this.live.has(name)) void this.validate(name);
  }

  /** Runs the field's rules on its value and shows the first refusal; answers the messages shown. */
  validate(name: string): Promise<readonly string[]> {
    this.cancel(name);
    const run = this.runs.get(name);
    const check = (async () => {
      const value = this.state(name).value;
      let errors: readonly string[] = NO_ERRORS;
      for (const rule of this.items.get(name)?.rules() ?? []) {
        try {
          await rule.validator(rule, value);
        } catch (error) {
          errors = [messageOf(error)];
          break;
        }
      }
      // A newer validation (the visitor typed meanwhile) or a reset has the last word.
      if (this.runs.get(name) !== run) return this.pending.get(name) ?? this.state(name).errors;
      this.pending.delete(name);
      this.setErrors(name, errors);
      return errors;
    })();
    this.pending.set(name, check);
    return check;
  }

  /** Validates every mounted named item; true when all pass, else focus moves to the first refused control. */
  async validateAll(root: HTMLElement | null) {
    const names = [...this.items.keys()];
    const results = await Promise.all(names.map((name) => this.validate(name)));
    const refused = names.filter((_, index) => (results[index]?.length ?? 0) > 0);
    if (refused.length === 0) return true;
    const doc = root?.ownerDocument ?? document;
    const controls = refused
      .map((name) => doc.getElementById(this.items.get(name)?.id ?? ''))
      .filter((control) => control !== null);
    controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    controls[0]?.focus();
    return false;
  }

  values() {
    return Object.fromEntries([...this.items.keys()].map((name) => [name, this.state(name).value]));
  }

  reset() {
    for (const name of new Set([...this.fields.keys(), ...this.runs.keys()])) this.cancel(name);
    this.fields.clear();
    this.edited.clear();
    this.live.clear();
    for (const listener of this.listeners) listener();
  }

  setFields(fields: readonly { name: string; errors?: readonly string[]; value?: unknown }[]) {
    for (const field of fields) {
      this.cancel(field.name);
      if ('value' in field) this.set(field.name, { value: field.value });
      if (field.errors) this.setErrors(field.name, field.errors);
    }
  }
}

const stores = new WeakMap<object, FormStore>();

function createInstance<Values>(): FormInstance<Values> {
  const store = new FormStore();
  const instance: FormInstance<Values> = {
    resetFields: () => store.reset(),
    setFields: (fields) => store.setFields(fields),
    getFieldsValue: () => store.values() as Partial<Values>,
  };
  stores.set(instance, store);
  return instance;
}

/** The form's instance, for `resetFields()`, `setFields()` and `getFieldsValue()` outside the form. */
function useForm<Values = Record<string, unknown>>(): [FormInstance<Values>] {
  const [instance] = useState(() => createInstance<Values>());
  return [instance];
}

type FormContextValue = { store: FormStore; disabled: boolean; requiredMark: boolean; idPrefix: string };
const FormContext = createContext<FormContextValue | null>(null);

export type FormProps<Values> = {
  onFinish?: (values: Values) => unknown;
  form?: FormInstance<Values>;
  /** Disables every named item's control (and ignores submits) while true. */
  disabled?: boolean;
  /** Shows a red asterisk before the label of items marked `required` (default true, as antd). */
  requiredMark?: boolean;
  /** Prefix of the controls' ids (`${name}_${field}`, as antd): unique per form on a page. */
  name?: string;
  /** `div` for a form used only for its layout (no submit). */
  component?: 'form' | 'div';
  noValidate?: boolean;
  /** Only the vertical layout exists: label above the control. */
  layout?: 'vertical';
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
};

/**
 * A validated form in antd's vertical look, for rules as `zodRule` makes them. Submitting (Enter in
 * a field, or a submit button) validates every named item: all pass, `onFinish(values)`; else each
 * shows its message and focus moves to the first refused control. Ours, because antd's Form
 * (field store, async-validator, label tooltips, grid) adds 32 KB gzip to a page with three fields.
 */
export function Form<Values = Record<string, unknown>>({
  onFinish,
  form,
  disabled = false,
  requiredMark = true,
  name,
  component = 'form',
  noValidate = true,
  className,
  style,
  children,
}: FormProps<Values>) {
  const [own] = useForm<Values>();
  const store = stores.get(form ?? own) as FormStore;
  const generatedId = useId();
  const idPrefix = name ?? generatedId;
  const root = useRef<HTMLFormElement & HTMLDivElement>(null);
  const context = useMemo(
    () => ({ store, disabled, requiredMark, idPrefix }),
    [store, disabled, requiredMark, idPrefix],
  );
  const classes = ['ds-form', className].filter(Boolean).join(' ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    if (await store.validateAll(root.current)) await onFinish?.(store.values() as Values);
  };

  return (
    <FormContext.Provider value={context}>
      {component === 'div' ? (
        <div ref={root} className={classes} style={style}>
          {children}
        </div>
      ) : (
        <form ref={root} className={classes} style={style} noValidate={noValidate} onSubmit={submit}>
          {children}
        </form>
      )}
    </FormContext.Provider>
  );
}

type ControlProps = {
  id?: string;
  onChange?: (input: unknown) => void;
  onBlur?: (event: unknown) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
};

export type FormItemProps = {
  label?: ReactNode;
  /** The field's name: the item then holds the control's value and runs its rules. */
  name?: string;
  rules?: readonly FormRule[];
  /** The id of the control an unnamed item's label names (a named item makes its own). */
  htmlFor?: string;
  /** Marks the label (when the form has `requiredMark`) and the control (`aria-required`). */
  required?: boolean;
  /** A line under the control, shown while it has no message. */
  help?: ReactNode;
  /** A line under the control and its message. */
  extra?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** One control. */
  children: ReactNode;
};

const noSubscribe = () => () => {};

/**
 * A labelled control of a Form. Named, it controls its child (a TextInput, PasswordInput or TextArea,
 * NumberInput, or a native control): `id`, `value`, `onChange` (an event or a value), `onBlur`,
 * `disabled`, the ARIA state, and `status="error"` for components while its value is refused.
 */
export function FormItem({
  label,
  name,
  rules,
  htmlFor,
  required,
  help,
  extra,
  className,
  style,
  children,
}: FormItemProps) {
  const form = useContext(FormContext);
  const store = name ? form?.store : undefined;
  const field = useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    () => (store && name ? store.state(name) : EMPTY_FIELD),
    () => (store && name ? store.state(name) : EMPTY_FIELD),
  );
  const id = store ? `${form?.idPrefix}_${name}` : htmlFor;
  const latestRules = useRef(rules);
  useLayoutEffect(() => {
    latestRules.current = rules;
  });
  useEffect(() => {
    if (!store || !name || !id) return;
    return store.register(name, { id, rules: () => latestRules.current ?? [] });
  }, [store, name, id]);

  const errors = field.errors;
  const invalid = errors.length > 0;
  const helpId = id && `${id}_help`;
  const extraId = id && `${id}_extra`;
  const message = invalid ? (
    <div id={helpId} role="alert" className="ds-form-item__message ds-form-item__error">
      {[...new Set(errors)].map((error) => (
        <div key={error}>{error}</div>
      ))}
    </div>
  ) : help ? (
    <div id={helpId} className="ds-form-item__message ds-form-item__help">
      {help}
    </div>
  ) : null;

  const child = Children.only(children);
  let control: ReactNode = child;
  if (isValidElement<ControlProps>(child)) {
    const own = child.props;
    const describedBy =
      [own['aria-describedby'], message && helpId, extra && extraId].filter(Boolean).join(' ') || undefined;
    const disabled = own.disabled ?? (form?.disabled || undefined);
    control =
      store && name
        ? cloneElement(child as ReactElement<Record<string, unknown>>, {
            id,
            value: field.value ?? '',
            onChange: (input: unknown) => {
              own.onChange?.(input);
              store.change(name, changedValue(input));
            },
            onBlur: (event: unknown) => {
              own.onBlur?.(event);
              store.blur(name);
            },
            disabled,
            'aria-invalid': invalid || undefined,
            'aria-required': required || undefined,
            'aria-describedby': describedBy,
            // antd's inputs draw their own error look; a native control takes it from the item's class.
            ...(invalid && typeof child.type !== 'string' ? { status: 'error' } : {}),
          })
        : describedBy !== own['aria-describedby']
          ? cloneElement(child, { 'aria-describedby': describedBy })
          : child;
  }

  const classes = [
    'ds-field',
    'ds-form-item',
    message ? 'ds-form-item--with-help' : '',
    invalid ? 'ds-form-item--invalid' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const marked = required && (form?.requiredMark ?? true);

  return (
    <div className={classes} style={style}>
      {label ? (
        <label htmlFor={id} className={marked ? 'ds-field__label ds-field__label--required' : 'ds-field__label'}>
          {label}
        </label>
      ) : null}
      {control}
      {message}
      {extra ? (
        <div id={extraId} className="ds-form-item__message ds-form-item__extra">
          {extra}
        </div>
      ) : null}
    </div>
  );
}

Form.Item = FormItem;
Form.useForm = useForm;
