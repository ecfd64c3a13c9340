import * as React from "react";
import { graphql, Link } from "gatsby";
import { Carousel } from "react-responsive-carousel";
import "react-responsive-carousel/lib/styles/carousel.min.css";
import { useLanguage } from "../hooks/use-language";
import { useMediaQuery } from "../hooks/use-media-query";
import { fillTemplate } from "../lib/fill-template";
import { forwardLoopAnimation } from "../lib/forward-loop";
import { Icon } from "./icon";
import { Picture } from "./picture";
import { WholeWords } from "./whole-words";
import * as styles from "./slideshow.module.css";

/** Fixed by the specification: one slide every 8.5 s, sliding in 450 ms. */
const AUTOPLAY_INTERVAL_MS = 8500;
const TRANSITION_MS = 450;

interface SlideshowProps {
  heading: string;
  /** The first screen's call to action: where a convinced visitor goes next. */
  action: { label: string; path: string };
  content: Queries.SlideshowFragment;
}

/**
 * The home page's slideshow. The pictures slide inside the carousel, which
 * clones its first and last slide to loop; the headlines are one list laid
 * over it, so each is in the page once, in order, for screen readers and
 * search engines, and the first is in the server-rendered HTML.
 *
 * It moves on by itself every 8.5 s unless the visitor pressed Pause, while
 * the pointer is over it, and while keyboard focus is inside it; a click on a
 * dot leaves focus there but, not being the keyboard's, does not stop it.
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
  const reversed = language.dir === "rtl";
  const count = slides.length;
  /** Where a slide stands in the carousel's strip, and which slide stands at a place: the same, or reversed. */
  const placeOf = (slide: number) => (reversed ? count - 1 - slide : slide);
  const animation = React.useMemo(() => forwardLoopAnimation(reversed), [reversed]);

  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [current, setCurrent] = React.useState(0);
  const [pausedByVisitor, setPausedByVisitor] = React.useState(false);
  const [hovered, setHovered] = React.useState(false);
  const [keyboardInside, setKeyboardInside] = React.useState(false);
  const carousel = React.useRef<Carousel>(null);
  const moving = !reducedMotion && !pausedByVisitor && !hovered && !keyboardInside && count > 1;

  // One timer per slide shown: a change of slide, or of what holds the slideshow still, starts the 8.5 s afresh.
  React.useEffect(() => {
    if (!moving) return undefined;
    const next = (current + 1) % count;
    const timer = window.setTimeout(
      () => carousel.current?.moveTo(reversed ? count - 1 - next : next),
      AUTOPLAY_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [moving, current, count, reversed]);

  const changeSlide = (place: number) => {
    const next = placeOf(place);
    const looped = next === 0 && current === count - 1 && count > 1;
    setCurrent(next);
    // After sliding on to the copy of the first slide, the first itself takes its place (see forward-loop.ts).
    if (looped) {
      window.setTimeout(
        () => carousel.current?.selectItem({ selectedItem: placeOf(0), swiping: false }),
        TRANSITION_MS,
      );
    }
  };

  return (
    <section
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
      <Carousel
        ref={carousel}
        className={styles.carousel}
        selectedItem={placeOf(0)}
        autoPlay={false}
        transitionTime={TRANSITION_MS}
        animationHandler={animation}
        infiniteLoop
        centerMode
        centerSlidePercentage={100}
        showArrows={false}
        // With arrows off the carousel still renders them, disabled and hidden by its CSS; render nothing instead.
        renderArrowPrev={() => null}
        renderArrowNext={() => null}
        showIndicators={false}
        showStatus={false}
        showThumbs={false}
        stopOnHover={false}
        swipeable
        emulateTouch
        onChange={changeSlide}
      >
        {slides.map((_, place) => {
          const slide = slides[placeOf(place)];
          return (
            <div key={place} className={styles.slide}>
              {slide?.image.childImageSharp && (
                <Picture
                  image={slide.image.childImageSharp.gatsbyImageData}
                  alt=""
                  className={styles.picture}
                  priority={placeOf(place) === 0}
                  sizes="100vw"
                />
              )}
            </div>
          );
        })}
      </Carousel>
      {/* Before the dots in the page, as it stands above them on screen: the keyboard reaches the call to action first. */}
      <div className={styles.overlay}>
        <h1 id="slideshow-heading" className={styles.heading}>
          <WholeWords text={heading} />
        </h1>
        <ul className={styles.headlines}>
          {slides.map((slide, index) => (
            <li key={index} className={index === current ? `${styles.headline} ${styles.current}` : styles.headline}>
              <WholeWords text={slide.headline} />
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
              onClick={() => carousel.current?.moveTo(placeOf(index))}
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
