use rand::SeedableRng;
#[test]
fn smoke() {
    let src = std::fs::read_to_string("rules/tic-tac-toe.game").unwrap();
    let rules = tabula::compile::load(&src, &[]).unwrap();
    let p = tabula::engine::perft(&rules, &rules.start(0), 9);
    println!("{:?}", p);
    let src = std::fs::read_to_string("rules/hex-fours.game").unwrap();
    let rules = tabula::compile::load(&src, &[]).unwrap();
    let s = rules.start(0);
    let mut buf = vec![];
    rules.legal_moves(&s, &mut buf);
    println!("first moves {}", buf.len());
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let t = std::time::Instant::now();
    let mut total = 0; let mut wins=[0;3];
    for _ in 0..10000 { let mut s = rules.start(0); total += tabula::engine::random_playout(&rules, &mut s, &mut buf, &mut rng, 1000);
      match s.outcome { Some(tabula::engine::Outcome::Win(w)) => wins[w as usize]+=1, Some(_) => wins[2]+=1, None => panic!() } }
    println!("{} playouts/s, mean len {} {:?}", 10000.0/t.elapsed().as_secs_f64(), total/10000, wins);
}
