import * as React from 'react';
import { Formik, useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import * as yup from 'yup';
import { FORM_TEXTS, fieldSchemas, type DadataGender } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/base';
import { SectionTitle } from '@oyster/shared-kit/ui';
import {
  AddressSuggestInput,
  Alnum10Input,
  AttachFileDialog,
  BankSuggestInput,
  BicSuggestInput,
  ConfirmDialog,
  Countdown,
  DateInput,
  Dropdown,
  EmailSuggestInput,
  FileSendRow,
  FirstNameSuggestInput,
  ForeignLicenceInput,
  FormBlock,
  FormikField,
  InfoDialog,
  IntegerInput,
  IssuerSuggestInput,
  LastNameSuggestInput,
  LatinInput,
  LicenceInput,
  MiddleNameSuggestInput,
  MoneyInput,
  MultiDropdown,
  NumberInput,
  OsagoPolicyInput,
  PhoneInput,
  PlateInput,
  PolicyNumberInput,
  ProgressBar,
  PtsInput,
  REPORT_STATUSES,
  StatusIcon,
  Stepper,
  StsInput,
  TimeInput,
  VinInput,
  type DropdownOption,
  type FormBlockStatus,
} from '@oyster/shared-kit/ui/form';
import './kit.css';

/**
 * The living catalogue of the form kit (admin only): every component inside a formik form, the
 * suggestion inputs on the real gateway, so a person can try each one with the keyboard.
 */

const today = new Date();
const inDays = (days: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
const isSunday = (text: string) => {
  const [d, m, y] = text.split('.').map(Number);
  return new Date(y, m - 1, d).getDay() === 0;
};

const INSURERS: DropdownOption[] = [
  { key: 'ingos', text: 'Ингосстрах' },
  { key: 'reso', text: 'РЕСО-Гарантия' },
  { key: 'alfa', text: 'АльфаСтрахование' },
  { key: 'soglasie', text: 'Согласие' },
  { key: 'vsk', text: 'ВСК' },
  { key: 'renins', text: 'Ренессанс Страхование' },
  { key: 'sber', text: 'Сбербанк Страхование' },
  { key: 'ingos', text: 'Ингосстрах (дубль из второго справочника)' },
  { key: 'zetta', text: 'Зетта Страхование' },
  { key: 'absolut', text: 'Абсолют Страхование' },
];
const PRODUCTS: DropdownOption[] = [
  { key: 'eosago', text: 'Е-ОСАГО' },
  { key: 'ekasko', text: 'Е-КАСКО' },
  { key: 'dsago', text: 'ДСАГО' },
  { key: 'ipoteka', text: 'Ипотека' },
  { key: 'ifl', text: 'ИФЛ — квартира' },
  { key: 'ifl_house', text: 'ИФЛ — дом' },
  { key: 'vzr', text: 'ВЗР' },
  { key: 'dms', text: 'ДМС' },
  { key: 'ns', text: 'НС' },
];
const FILE_TYPES = [
  { value: 'photo', text: 'Фото ТС' },
  { value: 'licence', text: 'Водительское удостоверение' },
  { value: 'passport', text: 'Паспорт' },
  { value: 'sts', text: 'СТС' },
  { value: 'pts', text: 'ПТС' },
];

interface KitValues {
  lastName: string;
  firstName: string;
  middleName: string;
  gender: DadataGender | null;
  birthDate: string;
  phone: string;
  email: string;
  address: string;
  issuer: string;
  issuerCode: string;
  vin: string;
  plate: string;
  sts: string;
  pts: string;
  osago: string;
  licence: string;
  foreignLicence: string;
  policyNumber: string;
  latinName: string;
  code10: string;
  bank: string;
  bic: string;
  correspondentAccount: string;
  sum: number | null;
  ratio: number | null;
  drivers: number | null;
  startDate: string;
  startTime: string;
  insurer: string | null;
  products: string[];
}

const INITIAL: KitValues = {
  lastName: '',
  firstName: '',
  middleName: '',
  gender: null,
  birthDate: '',
  phone: '',
  email: '',
  address: '',
  issuer: '',
  issuerCode: '',
  vin: '',
  plate: '',
  sts: '',
  pts: '',
  osago: '',
  licence: '',
  foreignLicence: '',
  policyNumber: '',
  latinName: '',
  code10: '',
  bank: '',
  bic: '',
  correspondentAccount: '',
  sum: null,
  ratio: null,
  drivers: null,
  startDate: '',
  startTime: '',
  insurer: null,
  products: [],
};

const required = FORM_TEXTS.required;
const schema = yup.object({
  lastName: yup.string().required(required),
  firstName: yup.string().required(required),
  middleName: yup.string(),
  birthDate: fieldSchemas.date({ max: today }).required(required),
  phone: fieldSchemas.phone().required(required),
  email: fieldSchemas.email(),
  address: yup.string().required(required),
  issuer: yup.string(),
  vin: fieldSchemas.vin().required(required),
  plate: fieldSchemas.plate(),
  sts: fieldSchemas.sts(),
  pts: fieldSchemas.pts(),
  osago: fieldSchemas.osago(),
  licence: fieldSchemas.licence(),
  foreignLicence: fieldSchemas.foreignLicence(),
  policyNumber: fieldSchemas.policyNumber(),
  latinName: fieldSchemas.latinHyphen(),
  code10: fieldSchemas.alnum10(),
  bank: yup.string().required(required),
  bic: yup.string().matches(/^\d{9}$/, { message: 'БИК — 9 цифр', excludeEmptyString: true }).required(required),
  sum: yup.number().nullable().required(required).min(1, 'Сумма больше нуля'),
  ratio: yup.number().nullable(),
  drivers: yup.number().nullable().integer().max(99, 'Не больше 99'),
  startDate: fieldSchemas.date({ min: today, max: inDays(60) }).required(required),
  startTime: fieldSchemas.time(),
  insurer: yup.string().nullable().required(required),
  products: yup.array(yup.string()),
});

const BLOCK_FIELDS = {
  person: ['lastName', 'firstName', 'middleName', 'birthDate', 'phone', 'email', 'address', 'issuer'],
  vehicle: ['vin', 'plate', 'sts', 'pts', 'osago', 'licence', 'foreignLicence', 'policyNumber', 'latinName', 'code10'],
  payment: ['bank', 'bic', 'sum', 'ratio', 'drivers', 'startDate', 'startTime'],
  lists: ['insurer', 'products'],
} as const satisfies Record<string, ReadonlyArray<keyof KitValues>>;
type BlockName = keyof typeof BLOCK_FIELDS;

/** A block is valid once each of its fields was touched without an error; invalid as soon as one shows an error. */
function blockStatus(name: BlockName, errors: FormikErrors<KitValues>, touched: FormikTouched<KitValues>, submitted: boolean): FormBlockStatus {
  const fields = BLOCK_FIELDS[name] as ReadonlyArray<keyof KitValues>;
  const seen = (f: keyof KitValues) => submitted || !!touched[f];
  if (fields.some((f) => seen(f) && errors[f])) return 'invalid';
  if (fields.every((f) => seen(f) && !errors[f])) return 'valid';
  return null;
}

function Grid({ children }: { children: React.ReactNode }) {
  return <div className="oy-kit-grid">{children}</div>;
}

function KitForm() {
  const { values, errors, touched, submitCount, setFieldValue, handleSubmit, resetForm } = useFormikContext<KitValues>();
  const submitted = submitCount > 0;
  const status = (name: BlockName) => blockStatus(name, errors, touched, submitted);
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Форма-образец">
      <FormBlock title="Страхователь" status={status('person')}>
        <Grid>
          <FormikField<string> name="lastName" label="Фамилия" required>
            {(f) => (
              <LastNameSuggestInput
                {...f}
                gender={values.gender}
                onSelect={(s) => {
                  if (s?.data?.gender && s.data.gender !== 'UNKNOWN') void setFieldValue('gender', s.data.gender);
                }}
              />
            )}
          </FormikField>
          <FormikField<string> name="firstName" label="Имя" required>
            {(f) => (
              <FirstNameSuggestInput
                {...f}
                gender={values.gender}
                onSelect={(s) => {
                  if (s?.data?.gender && s.data.gender !== 'UNKNOWN') void setFieldValue('gender', s.data.gender);
                }}
              />
            )}
          </FormikField>
          <FormikField<string> name="middleName" label="Отчество">
            {(f) => <MiddleNameSuggestInput {...f} gender={values.gender} />}
          </FormikField>
          <FormikField<string> name="birthDate" label="Дата рождения" required>
            {(f) => <DateInput {...f} max={today} />}
          </FormikField>
          <FormikField<string> name="phone" label="Телефон" required>
            {(f) => <PhoneInput {...f} />}
          </FormikField>
          <FormikField<string> name="email" label="Email">
            {(f) => <EmailSuggestInput {...f} placeholder="ivanov@mail.ru" />}
          </FormikField>
        </Grid>
        <FormikField<string> name="address" label="Адрес регистрации" required>
          {(f) => <AddressSuggestInput {...f} placeholder="Город, улица, дом" />}
        </FormikField>
        <Grid>
          <FormikField<string> name="issuer" label="Кем выдан паспорт">
            {(f) => (
              <IssuerSuggestInput
                {...f}
                placeholder="Название или код подразделения"
                onSelect={(s) => void setFieldValue('issuerCode', s?.data?.code ?? '')}
              />
            )}
          </FormikField>
          <div className="oy-kit-readout">
            <span>Код подразделения</span>
            <strong>{values.issuerCode || '—'}</strong>
          </div>
        </Grid>
      </FormBlock>

      <FormBlock title="Транспортное средство и документы" status={status('vehicle')}>
        <Grid>
          <FormikField<string> name="vin" label="VIN" required>
            {(f) => <VinInput {...f} />}
          </FormikField>
          <FormikField<string> name="plate" label="Госномер">
            {(f) => <PlateInput {...f} />}
          </FormikField>
          <FormikField<string> name="sts" label="СТС">
            {(f) => <StsInput {...f} />}
          </FormikField>
          <FormikField<string> name="pts" label="ПТС">
            {(f) => <PtsInput {...f} />}
          </FormikField>
          <FormikField<string> name="osago" label="Полис ОСАГО">
            {(f) => <OsagoPolicyInput {...f} />}
          </FormikField>
          <FormikField<string> name="licence" label="Водительское удостоверение">
            {(f) => <LicenceInput {...f} />}
          </FormikField>
          <FormikField<string> name="foreignLicence" label="Иностранное ВУ">
            {(f) => <ForeignLicenceInput {...f} placeholder="12 латинских букв или цифр" />}
          </FormikField>
          <FormikField<string> name="policyNumber" label="Номер полиса (до 30 символов)">
            {(f) => <PolicyNumberInput {...f} />}
          </FormikField>
          <FormikField<string> name="latinName" label="Имя латиницей">
            {(f) => <LatinInput {...f} placeholder="IVANOV-PETROV" />}
          </FormikField>
          <FormikField<string> name="code10" label="Код (10 символов)">
            {(f) => <Alnum10Input {...f} />}
          </FormikField>
        </Grid>
      </FormBlock>

      <FormBlock title="Банк и оплата" status={status('payment')}>
        <Grid>
          <FormikField<string> name="bank" label="Банк" required>
            {(f) => (
              <BankSuggestInput
                {...f}
                placeholder="Название или БИК"
                onSelect={(s) => {
                  if (!s) return;
                  void setFieldValue('bic', s.data?.bic ?? '');
                  void setFieldValue('correspondentAccount', s.data?.correspondent_account ?? '');
                }}
              />
            )}
          </FormikField>
          <FormikField<string> name="bic" label="БИК" required>
            {(f) => (
              <BicSuggestInput
                {...f}
                onSelect={(s) => {
                  if (!s) return;
                  void setFieldValue('bank', s.value);
                  void setFieldValue('correspondentAccount', s.data?.correspondent_account ?? '');
                }}
              />
            )}
          </FormikField>
          <div className="oy-kit-readout">
            <span>Корр. счёт</span>
            <strong>{values.correspondentAccount || '—'}</strong>
          </div>
          <FormikField<number | null> name="sum" label="Страховая сумма" required>
            {(f) => <MoneyInput {...f} />}
          </FormikField>
          <FormikField<number | null> name="ratio" label="Коэффициент">
            {(f) => <NumberInput {...f} />}
          </FormikField>
          <FormikField<number | null> name="drivers" label="Количество водителей">
            {(f) => <IntegerInput {...f} />}
          </FormikField>
          <FormikField<string> name="startDate" label="Дата начала" required>
            {(f) => <DateInput {...f} min={today} max={inDays(60)} disabledDate={isSunday} />}
          </FormikField>
          <FormikField<string> name="startTime" label="Время начала">
            {(f) => <TimeInput {...f} />}
          </FormikField>
        </Grid>
        <p className="oy-kit-note">Дата начала — с сегодняшнего дня и не позже чем через 60 дней; воскресенья недоступны.</p>
      </FormBlock>

      <FormBlock title="Справочники" status={status('lists')}>
        <Grid>
          <FormikField<string | null> name="insurer" label="Страховая компания" required>
            {(f) => <Dropdown {...f} options={INSURERS} placeholder="Выберите компанию" />}
          </FormikField>
          <FormikField<string[]> name="products" label="Продукты">
            {(f) => <MultiDropdown {...f} options={PRODUCTS} />}
          </FormikField>
        </Grid>
      </FormBlock>

      <div className="oy-kit-actions">
        <Button type="primary" htmlType="submit">
          Проверить форму
        </Button>
        <Button onClick={() => resetForm()}>Очистить форму</Button>
      </div>
      <details className="oy-kit-values">
        <summary>Значения формы</summary>
        <pre>{JSON.stringify(values, null, 2)}</pre>
      </details>
    </form>
  );
}

const STEPS = ['Расчёт', 'Оформление', 'Оплата', 'Полис'];

function StepperDemo() {
  const [current, setCurrent] = React.useState(2);
  return (
    <FormBlock title="Шаги">
      <Stepper steps={STEPS} current={current} onChange={setCurrent} />
      <div className="oy-kit-actions">
        <Button disabled={current === 0} onClick={() => setCurrent((c) => Math.max(0, c - 1))}>
          Назад
        </Button>
        <Button type="primary" disabled={current === STEPS.length - 1} onClick={() => setCurrent((c) => Math.min(STEPS.length - 1, c + 1))}>
          Далее
        </Button>
      </div>
    </FormBlock>
  );
}

function DialogsDemo() {
  const [open, setOpen] = React.useState<'confirm' | 'info' | 'attach' | 'attachNamed' | null>(null);
  const [result, setResult] = React.useState('');
  const close = (text: string) => {
    setResult(text);
    setOpen(null);
  };
  return (
    <FormBlock title="Диалоги">
      <div className="oy-kit-actions">
        <Button onClick={() => setOpen('confirm')}>Подтверждение</Button>
        <Button onClick={() => setOpen('info')}>Сообщение</Button>
        <Button onClick={() => setOpen('attach')}>Добавить файл</Button>
        <Button onClick={() => setOpen('attachNamed')}>Добавить файл из чата</Button>
      </div>
      {result ? (
        <p className="oy-kit-note" role="status">
          {result}
        </p>
      ) : null}
      <ConfirmDialog open={open === 'confirm'} title="Удалить черновик расчёта?" onOk={() => close('Ответ: Да')} onCancel={() => close('Ответ: Отмена')}>
        Черновик нельзя будет восстановить.
      </ConfirmDialog>
      <InfoDialog open={open === 'info'} title="Загрузка файлов" onClose={() => close('Сообщение закрыто')}>
        Вы не можете закрыть чат пока идет загрузка файлов
      </InfoDialog>
      <AttachFileDialog open={open === 'attach'} fileTypes={FILE_TYPES} onConfirm={(t) => close(`Файл добавлен с типом «${FILE_TYPES.find((x) => x.value === t)?.text}»`)} onCancel={() => close('Добавление отменено')} />
      <AttachFileDialog
        open={open === 'attachNamed'}
        fileName="скан_ПТС.pdf"
        fileTypes={FILE_TYPES}
        onConfirm={(t) => close(`Файл скан_ПТС.pdf добавлен с типом «${FILE_TYPES.find((x) => x.value === t)?.text}»`)}
        onCancel={() => close('Добавление отменено')}
      />
    </FormBlock>
  );
}

function TimersDemo() {
  const [minutes, setMinutes] = React.useState('1');
  const [seconds, setSeconds] = React.useState('30');
  const [run, setRun] = React.useState(0);
  const [done, setDone] = React.useState(false);
  return (
    <FormBlock title="Таймеры">
      <Grid>
        <div>
          <div className="oy-kit-caption">Обратный отсчёт</div>
          <div className="oy-kit-inline">
            <label>
              мин <input className="oy-kit-small" aria-label="Минуты" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
            </label>
            <label>
              сек <input className="oy-kit-small" aria-label="Секунды" value={seconds} onChange={(e) => setSeconds(e.target.value)} />
            </label>
            <Countdown minutes={minutes} seconds={seconds} style={{ fontSize: 22 }} />
          </div>
          <p className="oy-kit-note">Нечисловое, отрицательное значение или 60 секунд и больше дают 00:00.</p>
        </div>
        <div>
          <div className="oy-kit-caption">Ожидание расчёта</div>
          <ProgressBar key={run} delay={10} label={done ? 'Готово' : 'Запрашиваем расчёт у страховых…'} onComplete={() => setDone(true)} />
          <Button
            size="small"
            style={{ marginTop: 10 }}
            onClick={() => {
              setDone(false);
              setRun((r) => r + 1);
            }}
          >
            Запустить снова
          </Button>
        </div>
      </Grid>
    </FormBlock>
  );
}

function FilesDemo() {
  return (
    <FormBlock title="Файлы для страховой">
      <FileSendRow fileName="Паспорт_страхователя.pdf" size={1_482_113} onSend={() => new Promise((r) => setTimeout(r, 800))} />
      <FileSendRow fileName="Фото_ТС_спереди.jpg" size={352_640} onSend={() => new Promise((r) => setTimeout(r, 800))} />
      <FileSendRow fileName="СТС.pdf" size={98_304} sent />
    </FormBlock>
  );
}

function StatusesDemo() {
  return (
    <FormBlock title="Статусы отчёта">
      <ul className="oy-kit-statuses">
        {[...REPORT_STATUSES, 'unknown_status'].map((s) => (
          <li key={s}>
            <StatusIcon status={s} withText />
            <code>{s}</code>
          </li>
        ))}
      </ul>
    </FormBlock>
  );
}

export default function KitPage() {
  return (
    <div className="oy-kit">
      <SectionTitle level={1}>Компоненты форм</SectionTitle>
      <p className="oy-kit-note">
        Всё, из чего собираются калькуляторы и брокерские запросы. Подсказки адресов, ФИО, банков и подразделений приходят из настоящего
        сервиса подсказок.
      </p>
      <StepperDemo />
      <Formik<KitValues> initialValues={INITIAL} validationSchema={schema} onSubmit={() => undefined}>
        <KitForm />
      </Formik>
      <DialogsDemo />
      <TimersDemo />
      <FilesDemo />
      <StatusesDemo />
    </div>
  );
}
