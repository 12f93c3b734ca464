import * as React from 'react';
import { Link } from 'react-router-dom';
import { copyrightLine } from '@oyster/shared-kit/domain/platform';
import { Button } from '@oyster/shared-kit/ui/base';
import { Brand } from '../components/Brand';
import './landing.css';

const AUDIENCE = [
  { title: 'Агентам и субагентам', text: 'Расчёт и оформление полисов онлайн, брокерские запросы по сложным продуктам, комиссионное вознаграждение, выплаты и акты.' },
  { title: 'Владельцам сетей', text: 'Управление своими агентами и субагентами, статистика продаж и вознаграждение всей сети.' },
  { title: 'Сотрудникам брокера', text: 'Исполнение брокерских запросов, финансы, сверки со страховыми, управление пользователями и аналитика.' },
];

const FEATURES = ['Е-ОСАГО, Е-КАСКО, ипотека, ИФЛ, ВЗР', 'Брокерские продукты для юридических лиц', 'Новости, база знаний и обучение', 'Чаты с поддержкой и уведомления'];

/** Public landing page /oyster (no sidebar): what the platform is and for whom. */
export default function LandingPage() {
  return (
    <div className="oy-landing">
      <header className="oy-landing__top">
        <Brand />
        <Link to="/login?legacy=true">
          <Button type="primary">Войти</Button>
        </Link>
      </header>
      <main className="oy-landing__main">
        <section className="oy-landing__hero">
          <h1>Платформа для профессиональных страховых агентов от брокера</h1>
          <p>
            Oyster — рабочее место агента, субагента и владельца агентской сети: продавайте страховки онлайн или через
            брокерский запрос, следите за вознаграждением и выплатами, учитесь и получайте поддержку в одном окне.
          </p>
          <Link to="/login?legacy=true">
            <Button type="primary" size="large">
              Войти
            </Button>
          </Link>
          <ul className="oy-landing__features">
            {FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
        <section className="oy-landing__cards" aria-label="Для кого">
          {AUDIENCE.map((a) => (
            <article key={a.title} className="oy-landing__card">
              <h2>{a.title}</h2>
              <p>{a.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="oy-landing__foot">{copyrightLine()} Oyster</footer>
    </div>
  );
}
