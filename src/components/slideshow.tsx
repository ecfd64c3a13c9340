import * as React from "react";
import { graphql, Link } from "gatsby";
import { useLanguage } from "../hooks/use-language";
import { useMediaQuery } from "../hooks/use-media-query";
import { fillTemplate } from "../lib/fill-template";
import { Icon } from "./icon";
import { SlideFrame } from "./slide-frame";
import type { SlideStrip as SlideStripComponent, SlideStripHandle } from "./slide-strip";
import { WholeWords } from "./whole-words";
import * as styles from "./slideshow.module.css";

/** Fixed by the specification: one slide every 8.5 s. */
const AUTOPLAY_INTERVAL_MS = 8500;

interface SlideshowProps {
  heading: string;
  /** The first screen's call to action: where a convinced visitor goes next. */
  action: { label: string; path: string };
  content: Queries.SlideshowFragment;
}

/**
 * The home page's slideshow. The server draws the first slide alone, its
 * picture the only one fetched with the page; once the page has loaded, the
 * carousel (SlideStrip) comes in over it, fetches the other pictures and
 * slides. The headlines are one list laid over it, so each is in the page
 * once, in order, for screen readers and search engines, and the first is in
 * the server-rendered HTML; Pause and the dots stand where they stay.
 *
 * It moves on by itself every 8.5 s from the first slide's showing unless the
 * visitor pressed Pause, while the pointer is over it, and while keyboard
 * focus is inside it; a click on a dot leaves focus there but, not being the
 * keyboard's, does not stop it. Pause and the dots show once React has taken
 * the slideshow over, when they can be obeyed (until then they keep their
 * place, hidden, so nothing moves when they appear).
 *
 * In right-to-left pages it runs right to left: the first slide stands at the
 * right, the next comes in from the left, a swipe to the right moves on, and
 * the dots read from right to left. The carousel itself only slides left to
 * right, so there the slides stand in it in reverse order and moving on is
 * moving down the strip.
 */
export function Slideshow({ heading, action, content }: SlideshowProps) {
  const { slides } = content;
  const language = useLanguage();
  const count = slides.length;

  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [current, setCurrent] = React.useState(0);
  const [pausedByVisitor, setPausedByVisitor] = React.useState(false);
  const [hovered, setHovered] = React.useState(false);
  const [keyboardInside, setKeyboardInside] = React.useState(false);
  const strip = React.useRef<SlideStripHandle>(null);
  /** The carousel and its code: a chunk of their own, fetched once the page has loaded (or a dot asks first). */
  const [SlideStrip, setSlideStrip] = React.useState<typeof SlideStripComponent | null>(null);
  const [stripWanted, setStripWanted] = React.useState(false);
  /** Until the strip shows, or could not be had: the page is not yet all it will be (scripts/site-ready.ts). */
  const [stripPending, setStripPending] = React.useState(true);
  const moving = !reducedMotion && !pausedByVisitor && !hovered && !keyboardInside && count > 1;
  const section = React.useRef<HTMLElement>(null);
  // React runs the slideshow from here on: its Pause and dots can be obeyed, and show (slideshow.module.css).
  React.useEffect(() => section.current?.setAttribute("data-live", ""), []);

  React.useEffect(() => {
    const want = () => setStripWanted(true);
    if (document.readyState === "complete") want();
    else window.addEventListener("load", want, { once: true });
    return () => window.removeEventListener("load", want);
  }, []);

  React.useEffect(() => {
    if (!stripWanted) return;
    import("./slide-strip").then(
      (module) => setSlideStrip(() => module.SlideStrip),
      (error: unknown) => {
        // Without its carousel the slideshow stays on its first slide, as without JavaScript; the page works on.
        console.error(error);
        setStripPending(false);
      },
    );
  }, [stripWanted]);

  /** Shows a slide: slid to by the strip, or, before it has come, the slide it will open on. */
  const show = React.useCallback((slide: number) => {
    if (strip.current) strip.current.show(slide);
    else {
      setCurrent(slide);
      setStripWanted(true);
    }
  }, []);

  // One timer per slide shown: a change of slide, or of what holds the slideshow still, starts the 8.5 s afresh.
  React.useEffect(() => {
    if (!moving) return undefined;
    const timer = window.setTimeout(() => show((current + 1) % count), AUTOPLAY_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [moving, current, count, show]);

  return (
    <section
      ref={section}
      className={styles.slideshow}
      aria-labelledby="slideshow-heading"
      aria-roledescription={content.roleDescription}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setKeyboardInside(event.target.matches(":focus-visible"))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardInside(false);
      }}
    >
      {/* Its name says what it does next; a pressed state as well would read "Play slideshow, pressed". */}
      {!reducedMotion && (
        <button type="button" className={styles.playPause} onClick={() => setPausedByVisitor((paused) => !paused)}>
          {pausedByVisitor ? content.playLabel : content.pauseLabel}
        </button>
      )}
      <div className={styles.stage} data-pending={stripPending ? "" : undefined}>
        <SlideFrame slide={slides[0]} first />
        {SlideStrip && (
          <SlideStrip
            ref={strip}
            slides={slides}
            reversed={language.dir === "rtl"}
            initialSlide={current}
            onShow={setCurrent}
            onReady={() => setStripPending(false)}
          />
        )}
      </div>
      {/* Before the dots in the page, as it stands above them on screen: the keyboard reaches the call to action first. */}
      <div className={styles.overlay}>
        <h1 id="slideshow-heading" className={styles.heading}>
          <WholeWords text={heading} />
        </h1>
        <ul className={styles.headlines}>
          {slides.map((slide, index) => (
            <li key={index} className={index === current ? `${styles.headline} ${styles.current}` : styles.headline}>
              <WholeWords text={slide.headline} lastPair />
            </li>
          ))}
        </ul>
        <Link to={language.path(action.path)} className={styles.action}>
          {action.label}
          <Icon name="arrow" className={styles.actionIcon} />
        </Link>
      </div>
      {/* The dots in reading order, so they read and take focus from right to left in right-to-left pages. */}
      <ul className={styles.dots}>
        {slides.map((_, index) => (
          <li key={index} className={styles.dotItem}>
            <button
              type="button"
              className={styles.dot}
              aria-label={fillTemplate(content.dotLabel, { number: index + 1, total: count })}
              aria-current={index === current ? "true" : undefined}
              onClick={() => show(index)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export const slideshowFragment = graphql`
  fragment Slideshow on SlidesYaml {
    roleDescription
    dotLabel
    pauseLabel
    playLabel
    slides {
      headline
      image {
        childImageSharp {
          gatsbyImageData(layout: CONSTRAINED, width: 1600, breakpoints: [640, 960, 1280, 1600])
        }
      }
    }
  }
`;
