import * as React from "react";
import { graphql, Link } from "gatsby";
import { Carousel } from "react-responsive-carousel";
import "react-responsive-carousel/lib/styles/carousel.min.css";
import { useMediaQuery } from "../hooks/use-media-query";
import { fillTemplate } from "../lib/fill-template";
import { forwardLoopAnimation } from "../lib/forward-loop";
import { Picture } from "./picture";
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
 * It moves by itself unless the visitor pressed Pause, while the pointer is
 * over it, and while keyboard focus is inside it; a click on a dot leaves
 * focus there but, not being the keyboard's, does not stop it for good.
 */
export function Slideshow({ heading, action, content }: SlideshowProps) {
  const { slides } = content;
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [current, setCurrent] = React.useState(0);
  const [pausedByVisitor, setPausedByVisitor] = React.useState(false);
  const [hovered, setHovered] = React.useState(false);
  const [keyboardInside, setKeyboardInside] = React.useState(false);
  const carousel = React.useRef<Carousel>(null);

  const playing = !reducedMotion && !pausedByVisitor;

  const changeSlide = (next: number) => {
    const looped = next === 0 && current === slides.length - 1 && slides.length > 1;
    setCurrent(next);
    // After sliding on to the copy of the first slide, the first itself takes its place (see forward-loop.ts).
    if (looped) setTimeout(() => carousel.current?.selectItem({ selectedItem: 0, swiping: false }), TRANSITION_MS);
  };

  return (
    <section
      className={styles.slideshow}
      aria-labelledby="slideshow-heading"
      aria-roledescription="carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setKeyboardInside(event.target.matches(":focus-visible"))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardInside(false);
      }}
    >
      {!reducedMotion && (
        <button
          type="button"
          className={styles.playPause}
          aria-pressed={pausedByVisitor}
          onClick={() => setPausedByVisitor((paused) => !paused)}
        >
          {pausedByVisitor ? content.playLabel : content.pauseLabel}
        </button>
      )}
      <Carousel
        ref={carousel}
        className={styles.carousel}
        autoPlay={playing && !hovered && !keyboardInside}
        interval={AUTOPLAY_INTERVAL_MS}
        transitionTime={TRANSITION_MS}
        animationHandler={forwardLoopAnimation}
        infiniteLoop
        centerMode
        centerSlidePercentage={100}
        showArrows={false}
        // With arrows off the carousel still renders them, disabled and hidden by its CSS; render nothing instead.
        renderArrowPrev={() => null}
        renderArrowNext={() => null}
        showIndicators
        showStatus={false}
        showThumbs={false}
        stopOnHover={false}
        swipeable
        emulateTouch
        onChange={changeSlide}
        renderIndicator={(onClick, isSelected, index) => (
          <li className={styles.dotItem}>
            <button
              type="button"
              className={styles.dot}
              aria-label={fillTemplate(content.dotLabel, { number: index + 1, total: slides.length })}
              aria-current={isSelected ? "true" : undefined}
              onClick={onClick}
            />
          </li>
        )}
      >
        {slides.map((slide, index) => (
          <div key={index} className={styles.slide}>
            {slide.image.childImageSharp && (
              <Picture
                image={slide.image.childImageSharp.gatsbyImageData}
                alt=""
                className={styles.picture}
                priority={index === 0}
                sizes="100vw"
              />
            )}
          </div>
        ))}
      </Carousel>
      <div className={styles.overlay}>
        <h1 id="slideshow-heading" className={styles.heading}>
          {heading}
        </h1>
        <ul className={styles.headlines}>
          {slides.map((slide, index) => (
            <li key={index} className={index === current ? `${styles.headline} ${styles.current}` : styles.headline}>
              {slide.headline}
            </li>
          ))}
        </ul>
        <Link to={action.path} className={styles.action}>
          {action.label}
        </Link>
      </div>
    </section>
  );
}

export const slideshowFragment = graphql`
  fragment Slideshow on SlidesYaml {
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
